import './gats.css';
import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Empty, Flex, Form, Modal, Select, Tree } from 'antd';
import { DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { GatsFilter } from '@portal/shared';
import { useSectorGroups } from '../sectors/useSectorTree';
import { downloadGatsWorkbook, useGatsFilter, useGatsMembers } from './api';
import { buildCommitmentTree, rowsOfNode, type CommitmentTreeNode } from './commitmentTree';
import { GatsTable } from './GatsTable';

/**
 * 'View GATS': existing commitments of WTO members for some services, as a tree by member, sector group and
 * sector beside the table of rows. Used by the offer editor (with the sector's services) and the /gats page.
 */
export function ViewGatsModal({
  open,
  onClose,
  services = [],
  countries = [],
}: {
  open: boolean;
  onClose: () => void;
  services?: string[];
  countries?: string[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filter, setFilter] = useState<GatsFilter>({ services, countries });
  const [selected, setSelected] = useState<CommitmentTreeNode | null>(null);
  const [exporting, setExporting] = useState(false);
  const result = useGatsFilter(filter, open);
  const members = useGatsMembers();
  const groups = useSectorGroups();
  const rows = useMemo(() => result.data?.excelData ?? [], [result.data]);
  const tree = useMemo(() => buildCommitmentTree(rows, groups.data ?? []), [rows, groups.data]);
  const shown = useMemo(() => rowsOfNode(rows, selected), [rows, selected]);

  const apply = (values: GatsFilter) => {
    setSelected(null);
    setFilter({ services: values.services ?? [], countries: values.countries ?? [] });
  };
  const exportRows = async () => {
    setExporting(true);
    try {
      await downloadGatsWorkbook(filter);
    } catch {
      void message.error(t('gats.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width="min(1400px, 96vw)"
      title={t('gats.title')}
      destroyOnHidden
    >
      <Form<GatsFilter>
        layout="inline"
        initialValues={{ services, countries }}
        onFinish={apply}
        className="gats-filter"
      >
        <Form.Item name="services" label={t('gats.services')}>
          <Select
            mode="tags"
            aria-label={t('gats.services')}
            placeholder={t('gats.servicesPlaceholder')}
            style={{ minWidth: 280 }}
            tokenSeparators={[',']}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Form.Item name="countries" label={t('gats.countries')}>
          <Select
            mode="multiple"
            aria-label={t('gats.countries')}
            placeholder={t('gats.countriesPlaceholder')}
            style={{ minWidth: 240 }}
            loading={members.isLoading}
            options={(members.data ?? []).map((m) => ({ value: m.member, label: m.member }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<FilterOutlined />}>
          {t('gats.filter')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!rows.length}
          onClick={() => void exportRows()}
        >
          {t('gats.export')}
        </Button>
      </Form>
      {result.data?.truncated && (
        <Alert type="warning" showIcon title={t('gats.truncated', { shown: rows.length, total: result.data.total })} />
      )}
      {result.isError ? (
        <Alert type="error" showIcon title={t('sectors.messages.gatsNoData')} />
      ) : (
        <Flex gap="middle" className="gats-view" wrap>
          <nav className="gats-tree" aria-label={t('gats.tree')}>
            <Button type="link" onClick={() => setSelected(null)} disabled={!selected}>
              {t('gats.allRows')} ({rows.length})
            </Button>
            {tree.length === 0 && !result.isLoading ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sectors.messages.gatsNoRecords')} />
            ) : (
              <Tree<CommitmentTreeNode>
                treeData={tree}
                selectedKeys={selected ? [selected.key] : []}
                onSelect={(_, info) => setSelected(info.selected ? info.node : null)}
                height={480}
              />
            )}
          </nav>
          <div className="gats-rows">
            <GatsTable rows={shown} loading={result.isLoading} />
          </div>
        </Flex>
      )}
    </Modal>
  );
}

/** The 'View GATS' button and its modal, for a set of services (e.g. the open sector's codes in the editor). */
export function ViewGatsButton({
  services = [],
  countries = [],
  icon,
}: {
  services?: string[];
  countries?: string[];
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={icon} onClick={() => setOpen(true)}>
        {t('gats.viewGats')}
      </Button>
      {open && <ViewGatsModal open={open} onClose={() => setOpen(false)} services={services} countries={countries} />}
    </>
  );
}
