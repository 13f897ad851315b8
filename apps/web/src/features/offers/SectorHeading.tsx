import { useTranslation } from 'react-i18next';
import type { Sector } from '@portal/shared';
import { sectorTitle } from './document';

/** A sector tab's heading: its first service, else "New sector n" (offer editor and counter-offer editor). */
export function SectorTitle({ sector, number }: { sector: Pick<Sector, 'services'>; number: number }) {
  const { t } = useTranslation();
  return <h2 className="editor-panel-title">{sectorTitle(sector) ?? t('offers.tabs.newSector', { number })}</h2>;
}

/** The sector's provisional and CPC codes ("CPC …"), nothing when it has none (editors and the read-only document). */
export function SectorCodes({
  sector,
  className,
  as: Tag = 'p',
  language,
}: {
  sector: Pick<Sector, 'provisional_codes' | 'cpc_codes'>;
  className?: string;
  as?: 'p' | 'div';
  language?: string;
}) {
  const { t } = useTranslation(undefined, { lng: language });
  const codes = [...sector.provisional_codes, ...sector.cpc_codes];
  if (codes.length === 0) return null;
  return (
    <Tag className={['sector-codes', className].filter(Boolean).join(' ')}>
      {t('offers.sector.cpc')} {codes.join(', ')}
    </Tag>
  );
}
