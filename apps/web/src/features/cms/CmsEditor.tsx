import { useState } from 'react';
import { App, Button, Drawer, Popconfirm, Segmented, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type CmsEntry, type Language } from '@portal/shared';
import { useCountryName } from '../countries/useCountries';
import { useNarrowScreen } from '../layout/useNarrowScreen';
import { useLanguageState } from '../../i18n/useLanguageState';
import { useCmsByType } from './api';
import { reorder, useCmsMutations } from './editApi';
import { CmsEntryForm } from './CmsEntryForm';
import { formatDay } from './ContentEntry';
import type { CmsScreen } from './screens';
import './cms.css';

function EntryMeta({ entry }: { entry: CmsEntry }) {
  const { i18n } = useTranslation();
  const country = useCountryName(entry.countryCode, entry.countryCode);
  const parts = [entry.eventDate && formatDay(entry.eventDate, i18n.language), country].filter(Boolean);
  return parts.length ? <div className="cms-row-meta">{parts.join(' · ')}</div> : null;
}

/**
 * The one editor of every CMS screen: the entries of the screen's type in order (move up or down, publish,
 * delete after confirmation) and a form, in a drawer, for a new or chosen entry in a chosen language.
 */
export function CmsEditor({ screen }: { screen: CmsScreen }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const narrow = useNarrowScreen();
  const { language, direction } = useLanguageState();
  const [listLang, setListLang] = useState<Language>(language);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const { data: entries = [], isLoading, isFetching } = useCmsByType(screen.type, { lng: listLang });
  const { setFields, remove } = useCmsMutations();
  const failed = () => void message.error(t('cms.error'));

  const move = (index: number, step: -1 | 1) => {
    const changes = reorder(entries, index, step);
    if (changes.length)
      setFields.mutate(
        changes.map(({ entry, position }) => ({ entry, fields: { position } })),
        { onError: failed },
      );
  };

  return (
    <>
      <div className="cms-toolbar">
        <Space wrap>
          <span id="cms-list-language">{t('cms.listLanguage')}</span>
          <Segmented<Language>
            aria-labelledby="cms-list-language"
            value={listLang}
            onChange={setListLang}
            options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{t(`languages.${l}`)}</span> }))}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
          {t('cms.add')}
        </Button>
      </div>
      <Table<CmsEntry>
        rowKey="id"
        size="middle"
        loading={isLoading || setFields.isPending || remove.isPending || (isFetching && !entries.length)}
        dataSource={entries}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('cms.empty') }}
        columns={[
          {
            key: 'order',
            title: t('cms.columns.order'),
            width: 96,
            render: (_, entry, index) => (
              <Space size={2}>
                <Tooltip title={t('cms.moveUp')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={`${t('cms.moveUp')}: ${entry.text.title}`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  />
                </Tooltip>
                <Tooltip title={t('cms.moveDown')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={`${t('cms.moveDown')}: ${entry.text.title}`}
                    disabled={index === entries.length - 1}
                    onClick={() => move(index, 1)}
                  />
                </Tooltip>
              </Space>
            ),
          },
          {
            key: 'title',
            title: t('cms.columns.title'),
            render: (_, entry) => (
              <>
                <div className="cms-row-title" lang={entry.languages.includes(listLang) ? listLang : 'en'}>
                  {entry.text.title || t('cms.untitled')}
                </div>
                <EntryMeta entry={entry} />
              </>
            ),
          },
          {
            key: 'languages',
            title: t('cms.columns.languages'),
            render: (_, entry) =>
              LANGUAGES.map((l) => (
                <Tag
                  key={l}
                  color={entry.languages.includes(l) ? 'green' : undefined}
                  title={`${t(`languages.${l}`)}: ${entry.languages.includes(l) ? t('cms.translated') : t('cms.notTranslated')}`}
                >
                  {l.toUpperCase()}
                </Tag>
              )),
          },
          {
            key: 'published',
            title: t('cms.columns.published'),
            render: (_, entry) => (
              <Switch
                checked={entry.published}
                aria-label={`${t('cms.published')}: ${entry.text.title}`}
                onChange={(published) => setFields.mutate([{ entry, fields: { published } }], { onError: failed })}
              />
            ),
          },
          {
            key: 'actions',
            title: t('cms.columns.actions'),
            render: (_, entry) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t('cms.edit')}: ${entry.text.title}`}
                  onClick={() => setEditing({ id: entry.id })}
                >
                  {t('cms.edit')}
                </Button>
                <Popconfirm
                  title={t('cms.deleteConfirm')}
                  okText={t('cms.delete')}
                  cancelText={t('cms.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    remove.mutateAsync(entry.id).then(() => void message.success(t('cms.deleted')), failed)
                  }
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('cms.delete')}: ${entry.text.title}`}
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        destroyOnHidden
        size={narrow ? '100%' : 720}
        placement={direction === 'rtl' ? 'left' : 'right'}
        title={editing?.id ? t('cms.editTitle') : t('cms.newTitle')}
      >
        {editing && (
          <CmsEntryForm
            key={editing.id ?? 'new'}
            screen={screen}
            entryId={editing.id}
            nextPosition={entries.reduce((max, e) => Math.max(max, e.position + 1), 0)}
            initialLanguage={listLang}
            onClose={() => setEditing(null)}
          />
        )}
      </Drawer>
    </>
  );
}
