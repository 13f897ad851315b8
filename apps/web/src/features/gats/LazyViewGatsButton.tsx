import { lazy } from 'react';
import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LazyPart } from '../../components/LazyPart';

const ViewGatsButton = lazy(() => import('./ViewGatsModal').then((m) => ({ default: m.ViewGatsButton })));

/**
 * The editors' View GATS button: the modal's code is fetched beside the editor rather than before it. Until it has
 * come, or when it cannot come (offline), the button shows disabled and the editor stays usable.
 */
export function LazyViewGatsButton({ services }: { services: string[] }) {
  const { t } = useTranslation();
  const waiting = (
    <Button icon={<GlobalOutlined />} disabled>
      {t('gats.viewGats')}
    </Button>
  );
  return (
    <LazyPart fallback={waiting}>
      <ViewGatsButton services={services} icon={<GlobalOutlined />} />
    </LazyPart>
  );
}
