import { useState } from 'react';
import { Card, Empty, Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsType } from '@portal/shared';
import { PageTitle } from '../../components/PageTitle';
import type { RouteTitle } from '../../app/routeTable';
import { useCmsPage } from '../../features/cms/api';
import { ContentEntry } from '../../features/cms/ContentEntry';
import '../../features/cms/cms.css';

const PAGE_SIZE = 9;

/** Every published entry of a type (events, insights, contacts), a page at a time, in the secretariat's order. */
export function SeeMorePage({ type, title, empty }: { type: CmsType; title: RouteTitle; empty: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useCmsPage(type, page, PAGE_SIZE);
  return (
    <>
      <PageTitle>{t(title)}</PageTitle>
      {isLoading ? (
        <Skeleton active />
      ) : !data?.items.length ? (
        <Empty description={empty} />
      ) : (
        <>
          <ul className="content-list">
            {data.items.map((entry) => (
              <li key={entry.id}>
                <Card className="content-card">
                  <ContentEntry entry={entry} heading="h2" />
                </Card>
              </li>
            ))}
          </ul>
          <Pagination
            className="public-section"
            current={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onChange={setPage}
            hideOnSinglePage
            showSizeChanger={false}
          />
        </>
      )}
    </>
  );
}
