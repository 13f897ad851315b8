import { Alert, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestCommitmentsAction } from '../../requests/RequestAction';
import { DiscussOfferAction } from './DiscussOfferAction';
import { OfferPreviewModal } from './OfferPreviewModal';
import { documentOf } from '../document';
import { offerErrorText } from '../errors';
import { useOffer, useOfferVersion } from '../queries';
import { useCountryNames } from '../../countries/useCountries';

/**
 * Read-only viewer of an offer (or one of its versions) with print / save as PDF, Discuss (its negotiation room) and,
 * on another country's conditional offer, Request commitments.
 */
export function OfferViewerModal({
  offerId,
  version,
  onClose,
}: {
  offerId: string | null;
  version?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const countryLabel = useCountryNames();
  const current = useOffer(offerId ?? undefined, { enabled: offerId !== null && (version ?? null) === null });
  const snapshot = useOfferVersion(offerId ?? undefined, version ?? null);
  const query = (version ?? null) === null ? current : snapshot;
  if (!offerId) return null;
  if (query.data) {
    const offer = query.data;
    const shownVersion = version ?? offer.versionShown;
    const countryName = countryLabel(offer.countryCode, offer.countryNameCreator);
    const subject = { id: offer.id, countryCode: offer.countryCode, countryName };
    return (
      <OfferPreviewModal
        open
        doc={documentOf(offer)}
        offerId={(version ?? null) === null ? offerId : undefined}
        exportSource={{ kind: 'offer', offerId, version: version ?? null }}
        meta={{
          countryName,
          statusLabel: t(`offers.status.${offer.status}`),
          versionLabel: shownVersion ? t('offers.versions.number', { number: shownVersion }) : undefined,
        }}
        onClose={onClose}
        actions={
          <>
            <DiscussOfferAction size="middle" offer={subject} onNavigate={onClose} />
            {(version ?? null) === null && (
              <RequestCommitmentsAction
                size="middle"
                offer={{
                  ...subject,
                  versions: offer.versionShown ?? 0,
                  status: offer.status,
                  countryActive: true,
                }}
              />
            )}
          </>
        }
      />
    );
  }
  return (
    <Modal open onCancel={onClose} footer={null} title={t('offers.preview.title')}>
      {query.isError ? <Alert type="error" showIcon title={offerErrorText(query.error, t)} /> : <Spin />}
    </Modal>
  );
}
