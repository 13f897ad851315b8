import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CPC_LABELS, sectorCpcGroups, sectorName, type Sector } from '@portal/shared';
import { Code, TextWithCodes } from '../../../components/Bidi';
import { useSectorLabels } from './useSectorLabels';

/**
 * A sector tab's heading: its first service, its title in the interface language (French and Arabic W/120 titles),
 * else "New sector n" (offer editor and counter-offer editor).
 */
export function SectorTitle({ sector, number }: { sector: Pick<Sector, 'type' | 'services'>; number: number }) {
  const { t } = useTranslation();
  const types = useMemo(() => [sector.type], [sector.type]);
  const labels = useSectorLabels(types);
  return (
    <h2 className="editor-panel-title">
      <TextWithCodes text={sectorName(sector, labels.titleOf) ?? t('offers.tabs.newSector', { number })} />
    </h2>
  );
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
  const groups = sectorCpcGroups(sector);
  if (groups.length === 0) return null;
  return (
    <Tag className={['sector-codes', className].filter(Boolean).join(' ')} lang={language}>
      {groups.map(({ scheme, codes }, g) => (
        <Fragment key={scheme}>
          {g > 0 && '; '}
          <bdi dir="ltr">{CPC_LABELS[scheme]}</bdi>{' '}
          {codes.map((code, i) => (
            <Fragment key={code}>
              {i > 0 && ', '}
              <Code>{code}</Code>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </Tag>
  );
}
