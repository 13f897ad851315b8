/**
 * Interim 'View GATS' for the editor: the GATS commitments of the open sector's services (POST /gats/filter) as a
 * table. The reference-data work builds the full modal (tree by member, sector group and sector) in features/gats;
 * this button switches to it once it exists.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GatsRow } from '@portal/shared';
import { GATS_MESSAGES } from './contract';
import { http } from '../../api/http';

const MODE_COLUMNS = ['MA1', 'MA2', 'MA3', 'MA4', 'NT1', 'NT2', 'NT3', 'NT4'] as const;

export function GatsLookup({ services, icon }: { services: string[]; icon: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ['gats-filter', services],
    queryFn: () => http.post<{ excelData: GatsRow[]; total: number }>('/gats/filter', { services, countries: [] }),
    enabled: open && services.length > 0,
    staleTime: 10 * 60_000,
  });
  return (
    <>
      <Button icon={icon} onClick={() => setOpen(true)}>
        {t('offers.gats.view')}
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} width={1200} title={t('offers.gats.title')} destroyOnHidden>
        {services.length === 0 && <Alert type="info" showIcon title={t('offers.gats.chooseSector')} />}
        {query.isError && <Alert type="error" showIcon title={GATS_MESSAGES.noData} />}
        {services.length > 0 && !query.isError && (
          <Table<GatsRow>
            size="small"
            rowKey="id"
            loading={query.isLoading}
            dataSource={query.data?.excelData ?? []}
            locale={{ emptyText: GATS_MESSAGES.noRecords }}
            scroll={{ x: 1400 }}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: t('offers.gats.member'), dataIndex: 'Member', fixed: 'start' },
              { title: t('offers.gats.sectorCode'), dataIndex: 'SectorCode' },
              { title: t('offers.gats.sectorName'), dataIndex: 'SectorName' },
              { title: t('offers.gats.sectorText'), dataIndex: 'SectorText' },
              ...MODE_COLUMNS.map((c) => ({ title: c, dataIndex: c })),
            ]}
          />
        )}
      </Modal>
    </>
  );
}
