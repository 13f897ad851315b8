import {
  isStaff,
  type Offer,
  type OfferDocument,
  type OfferListItem,
  type OfferStatus,
  type OfferVersionSummary,
} from '@portal/shared';
import type { Actor } from '../../context.js';
import type { OfferMeta, offerVersions } from '../../db/schema/index.js';
import { canEditOffer, canSubmitOffer, seesDraft } from './access.js';

type OfferRow = OfferMeta;
type VersionRow = Omit<typeof offerVersions.$inferSelect, 'snapshot' | 'snapshotName' | 'sectorCount'>;

export interface OfferContext {
  country: { id: number; code: string; name: string; active: boolean };
  regionName: string | null;
  /** Countries that answered this offer with a counter offer. */
  respondedBy: string[];
  versions: VersionWithAuthor[];
}

type VersionWithAuthor = VersionRow & { authorName: string; decidedByName: string | null };

export function presentVersion(v: VersionWithAuthor): OfferVersionSummary {
  return {
    id: v.id,
    number: v.number,
    status: v.status,
    createdAt: v.createdAt.toISOString(),
    authorName: v.authorName,
    comment: v.comment,
    decidedAt: v.decidedAt?.toISOString() ?? null,
    decidedByName: v.decidedByName,
  };
}

/**
 * The versions as the actor may see them: the secretariat's comment (its reasons for sending a version back), who
 * decided and the authors' names go only to the offer's own country and the secretariat; others see the country as author.
 */
export function versionsFor(
  actor: Actor,
  row: Pick<OfferRow, 'countryId'>,
  countryName: string,
  versions: VersionWithAuthor[],
): VersionWithAuthor[] {
  if (seesDraft(actor, row)) return versions;
  return versions.map((v) => ({ ...v, comment: null, decidedByName: null, authorName: countryName }));
}

/**
 * The real status of an offer, the same for everyone and in every list: the latest submitted version's, or
 * IN_PROGRESS before the first submission. Only the editor shows a latest INITIAL_OFFER as IN_PROGRESS (the spec's
 * display rule, displayedStatus in packages/shared, applied by the web app's editor); a list never does.
 */
function realStatus(row: Pick<OfferRow, 'status'>): OfferStatus {
  return row.status;
}

/**
 * `submittedToAU` as the actor may learn it: for those who see the draft, whether the stored document is the one last
 * submitted (a draft saved since turns it false); for others, who are shown the latest version, true once any is.
 */
function submittedAsShown(row: Pick<OfferRow, 'submittedToAU' | 'versions'>, draftVisible: boolean): boolean {
  return draftVisible ? row.submittedToAU : row.versions > 0;
}

/**
 * The only way from an offer row to the API's Offer. `document` is the working draft for those who
 * may see it, or a submitted snapshot (then `versionShown` names it).
 */
export function presentOffer(
  actor: Actor,
  row: OfferRow,
  ctx: OfferContext,
  shown: { document: OfferDocument; versionNumber: number | null },
): Offer {
  const status: OfferStatus =
    shown.versionNumber !== null
      ? (ctx.versions.find((v) => v.number === shown.versionNumber)?.status ?? realStatus(row))
      : realStatus(row);
  const editable = shown.versionNumber === null && canEditOffer(actor, row);
  const draftVisible = seesDraft(actor, row);
  // Others than the offer's country and the secretariat learn nothing of the draft, not even when it last changed.
  const updatedAt = draftVisible ? row.updatedAt : (ctx.versions.at(-1)?.createdAt ?? row.updatedAt);
  return {
    ...shown.document,
    id: row.id,
    submittedToAU: submittedAsShown(row, draftVisible),
    offerVersions: versionsFor(actor, row, ctx.country.name, ctx.versions).map(presentVersion),
    versions: row.versions,
    status,
    regionCreated: row.regionCreated,
    regionNameCreator: ctx.regionName,
    countryNameCreator: ctx.country.name,
    countryIdCreator: row.countryId,
    countryCode: ctx.country.code,
    respondedBy: ctx.respondedBy,
    // Saving needs the revision; those who cannot see the draft learn from it only how often it was saved.
    revision: draftVisible ? row.revision : 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    permissions: {
      edit: editable,
      submit: editable && canSubmitOffer(actor, row),
      review: isStaff(actor.role),
    },
    versionShown: shown.versionNumber,
  };
}

/** What a list shows of the latest submitted version (null before the first submission). */
interface LatestVersionFacts {
  name: string | null;
  sectors: number | null;
  createdAt: Date | null;
}

/**
 * One row of an offer list. Those who see the draft get its name, sector count and last change; others the
 * latest submitted version's. `status` is the real one (realStatus), never the editor's IN_PROGRESS.
 */
export function presentListItem(
  actor: Actor,
  row: OfferRow,
  country: { code: string; name: string; active: boolean },
  draft: { sectors: number },
  latest: LatestVersionFacts,
  lastSubmittedAt: Date | null,
): OfferListItem {
  const draftVisible = seesDraft(actor, row);
  return {
    id: row.id,
    name: draftVisible ? row.name : (latest.name ?? ''),
    countryId: row.countryId,
    countryCode: country.code,
    countryName: country.name,
    status: realStatus(row),
    submittedToAU: submittedAsShown(row, draftVisible),
    versions: row.versions,
    sectors: draftVisible ? draft.sectors : (latest.sectors ?? 0),
    regionCreated: row.regionCreated,
    updatedAt: (draftVisible ? row.updatedAt : (latest.createdAt ?? row.updatedAt)).toISOString(),
    lastSubmittedAt: lastSubmittedAt?.toISOString() ?? null,
    countryActive: country.active,
  };
}
