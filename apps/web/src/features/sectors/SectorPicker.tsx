import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Input, Segmented, Spin, Tooltip, Tree } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SECTOR_SCHEMES, filterServiceTree, walkTree, type SectorScheme, type ServiceNode } from '@portal/shared';
import { Code } from '../../components/Bidi';
import { AddServiceForm } from './AddServiceForm';
import { partlyChosen, toggleNode } from './selection';
import { useSectorTree } from './useSectorTree';

/** What the picker holds: one code list and the keys chosen in it. */
export interface SectorSelection {
  scheme: SectorScheme;
  keys: string[];
}

type TreeNode = { title: ReactNode; key: string; children: TreeNode[] };
const toTreeData = (nodes: ServiceNode[]): TreeNode[] =>
  nodes.map((n) => ({
    title: (
      <>
        <Code>{n.value}</Code> {n.title}
      </>
    ),
    key: n.key,
    children: toTreeData(n.children),
  }));

/**
 * The services tree with search and a code-list switch (W/120, CPC provisional, CPC 2.1). Only one code list may
 * hold selections at a time: the others are disabled while this one has some (the spec's validation rules).
 */
export function SectorPicker({
  value,
  onChange,
  canAddService = false,
  height = 420,
}: {
  value: SectorSelection;
  onChange: (next: SectorSelection) => void;
  canAddService?: boolean;
  /** Height of the virtual list in pixels; 0 renders every node (short trees, tests). */
  height?: number;
}) {
  const { t } = useTranslation();
  const tree = useSectorTree(value.scheme);
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const shown = useMemo(
    () => (tree.data && search.trim() ? filterServiceTree(tree.data, search) : (tree.data ?? [])),
    [tree.data, search],
  );
  const treeData = useMemo(() => toTreeData(shown), [shown]);
  const expanded = useMemo(() => (search.trim() ? [...walkTree(shown)].map((n) => n.key) : undefined), [shown, search]);
  const locked = value.keys.length > 0;
  const partly = useMemo(() => partlyChosen(tree.data ?? [], value.keys), [tree.data, value.keys]);

  return (
    <Flex vertical gap="small" className="sector-picker">
      <Flex gap="small" wrap align="center">
        <span>{t('sectors.scheme')}</span>
        <Segmented<SectorScheme>
          value={value.scheme}
          onChange={(scheme) => onChange({ scheme, keys: [] })}
          options={SECTOR_SCHEMES.map((s) => ({
            value: s,
            disabled: locked && s !== value.scheme,
            label: (
              <Tooltip title={locked && s !== value.scheme ? t('sectors.schemeLocked') : undefined}>
                <span>{t(`sectors.schemes.${s}`)}</span>
              </Tooltip>
            ),
          }))}
        />
        <span aria-live="polite">{t('sectors.selected', { count: value.keys.length })}</span>
        {locked && (
          <Button size="small" onClick={() => onChange({ ...value, keys: [] })}>
            {t('sectors.clear')}
          </Button>
        )}
        {canAddService && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={!tree.data}>
            {t('sectors.addService')}
          </Button>
        )}
      </Flex>
      <Input.Search
        allowClear
        aria-label={t('sectors.search')}
        placeholder={t('sectors.search')}
        onSearch={setSearch}
        onChange={(e) => !e.target.value && setSearch('')}
      />
      {tree.isError && <Alert type="error" showIcon title={tree.error.message} />}
      {tree.isLoading ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Alert type="info" title={t('sectors.noMatch')} />
      ) : (
        <Tree
          checkable
          {...(height ? { height } : {})}
          treeData={treeData}
          {...(expanded ? { expandedKeys: expanded } : {})}
          checkStrictly
          checkedKeys={{ checked: value.keys, halfChecked: partly }}
          onCheck={(_, info) =>
            tree.data &&
            onChange({ ...value, keys: toggleNode(tree.data, shown, value.keys, String(info.node.key), info.checked) })
          }
        />
      )}
      {canAddService && tree.data && (
        <AddServiceForm open={adding} onClose={() => setAdding(false)} scheme={value.scheme} tree={tree.data} />
      )}
    </Flex>
  );
}
