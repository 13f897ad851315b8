import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  isStaff,
  offerNameFor,
  roleMaySubmit,
  submitLabel,
  type ImportWarning,
  type OfferDocument,
} from '@portal/shared';
import { blankOfferDocument } from '../../features/offers/contract';
import { PageTitle } from '../../components/PageTitle';
import { offersApi } from '../../features/offers/api';
import { OfferEditor, type SaveRequest } from '../../features/offers/editor/OfferEditor';
import { ImportWarnings, ScheduleImport } from '../../features/offers/editor/ScheduleImport';
import { clearDraft, draftIdFor, draftToOffer } from '../../features/offers/editor/draft';
import { offerErrorText } from '../../features/offers/errors';
import { useOfferCreator } from '../../features/offers/queries';
import { useEditorExits } from '../../features/offers/editor/useEditorExits';
import { useSession } from '../../features/session/useSession';
import { useCountries } from '../../features/countries/useCountries';
import { countryLabel } from '../../features/countries/label';

/** Navigation state of /add-offer when the secretariat creates the offer of a country without one. */
export interface AddOfferState {
  countryId: number;
  countryName: string;
}

const noLease = async () => undefined;

/** /add-offer — a new offer, named from GET /offers/creator (or '<Country> Conditional Initial Offer' for the secretariat). */
export default function AddOfferPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const forCountry = (useLocation().state as AddOfferState | null) ?? null;
  const { profile } = useSession();
  const creator = useOfferCreator();
  const draftId = draftIdFor(profile?.userId, forCountry ? `new-${forCountry.countryId}` : 'new');
  const { afterSave, cancel } = useEditorExits(draftId, noLease);
  const staff = isStaff(profile?.role);

  // A country holds one offer: if it already has one when the page opens, edit that one (not after saving here).
  const saved = useRef(false);
  const existing = !forCountry && !saved.current ? creator.data?.existingOfferId : null;
  useEffect(() => {
    if (existing && !saved.current) void navigate(`/edit-offer/${existing}`, { replace: true });
  }, [existing, navigate]);

  // The server names the secretariat's offer for a country in the language of the author's profile: shown the same.
  const countries = useCountries().data;
  const forCountryRow = forCountry ? countries?.find((c) => c.id === forCountry.countryId) : undefined;
  const ownCountry = countries?.find((c) => c.id === (forCountry?.countryId ?? creator.data?.countryIdCreator));
  const countryName = ownCountry
    ? countryLabel(ownCountry, i18n.language)
    : (forCountry?.countryName ?? creator.data?.countryNameCreator);
  const language = profile?.language ?? i18n.language;
  const initialDoc = useMemo(() => {
    const place = forCountryRow ?? { name: forCountry?.countryName ?? '', nameFr: '', nameAr: '' };
    const name = forCountry ? offerNameFor(place, language) : (creator.data?.name ?? '');
    return { ...blankOfferDocument(), name };
  }, [forCountry, forCountryRow, language, creator.data?.name]);
  const restorable = useMemo(() => draftToOffer(draftId, initialDoc), [draftId, initialDoc]);
  // A schedule file read in: the editor opens on it, unsaved, keeping the offer's own name. `n` remounts the editor.
  const [imported, setImported] = useState<{
    doc: OfferDocument;
    warnings: ImportWarning[];
    fileName: string;
    n: number;
  } | null>(null);

  if (staff && !forCountry) {
    return (
      <>
        <PageTitle>{t('routes.addOffer')}</PageTitle>
        <Alert
          type="info"
          showIcon
          title={t('offers.add.chooseCountryFirst')}
          action={
            <a
              href="/offers"
              onClick={(e) => {
                e.preventDefault();
                void navigate('/offers');
              }}
            >
              {t('offers.add.toList')}
            </a>
          }
        />
      </>
    );
  }
  if (creator.isError && !forCountry) {
    return (
      <>
        <PageTitle>{t('routes.addOffer')}</PageTitle>
        <Alert type="error" showIcon title={offerErrorText(creator.error, t)} />
      </>
    );
  }
  if ((!forCountry && !creator.data) || (forCountry && !countries) || existing || !profile)
    return <Spin size="large" className="offers-spin" />;

  const regionCreated = Boolean(forCountry);
  const save = async ({ doc, submit }: SaveRequest) => {
    try {
      await offersApi.create({
        ...doc,
        submittedToAU: submit,
        ...(forCountry ? { countryIdCreator: forCountry.countryId } : {}),
      });
      saved.current = true;
      await afterSave(submit);
    } catch (e) {
      void message.error(offerErrorText(e, t));
      throw e;
    }
  };

  return (
    <>
      <PageTitle>{t('routes.addOffer')}</PageTitle>
      <p className="offers-subtitle">{countryName}</p>
      <ScheduleImport
        onImported={(result, fileName) =>
          setImported((before) => ({
            doc: { ...result.offer, name: initialDoc.name },
            warnings: result.warnings,
            fileName,
            n: (before?.n ?? 0) + 1,
          }))
        }
      />
      {imported && <ImportWarnings fileName={imported.fileName} warnings={imported.warnings} />}
      <OfferEditor
        key={imported?.n ?? 0}
        initialDoc={initialDoc}
        startDoc={imported?.doc}
        draftId={draftId}
        baseRevision={0}
        restorable={restorable}
        onDiscardDraft={() => clearDraft(draftId)}
        canSubmit={roleMaySubmit(profile.role, regionCreated)}
        submitLabel={t(`offers.submit.${submitLabel({ latestVersionStatus: null })}`)}
        nameReadOnly={regionCreated}
        meta={{ countryName }}
        onSave={save}
        onCancel={cancel}
      />
    </>
  );
}
