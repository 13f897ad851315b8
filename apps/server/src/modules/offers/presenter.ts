import { displayedStatus, isStaff, type Offer, type OfferDocument, type OfferListItem, type OfferStatus, type OfferVersionSummary } from '@portal/shared';
import type { Actor } from '../../context.js';
import type { OfferMeta, offerVersions } from '../../db/schema/index.js';
import { canEditOffer, canSubmitOffer, latestStatus } from './access.js';

type OfferRow = OfferMeta;
type VersionRow = Omit<typeof offerVersions.$inferSelect, 'snapshot'>;

export interface OfferContext {
  country: { id: number; code: string; name: string; active: boolean };
  regionName: string | null;
  /** Countries that answered this offer with a counter offer. */
  respondedBy: string[];
  versions: (VersionRow & { authorName: string })[];
}

export function presentVersion(v: VersionRow & { authorName: string }): OfferVersionSummary {
  return {
    id: v.id,
    number: v.number,
    status: v.status as OfferStatus,
    createdAt: v.createdAt.toISOString(),
    authorName: v.authorName,
    comment: v.comment,
    decidedAt: v.decidedAt?.toISOString() ?? null,
  };
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
  const latest = latestStatus(row);
  const status: OfferStatus = shown.versionNumber !== null
    ? (ctx.versions.find((v) => v.number === shown.versionNumber)?.status as OfferStatus)
    : displayedStatus(latest);
  const editable = shown.versionNumber === null && canEditOffer(actor, row);
  return {
    ...shown.document,
    id: row.id,
    submittedToAU: row.submittedToAU,
    offerVersions: ctx.versions.map(presentVersion),
    versions: row.versions,
    status,
    regionCreated: row.regionCreated,
    regionNameCreator: ctx.regionName,
    countryNameCreator: ctx.country.name,
    countryIdCreator: row.countryId,
    countryCode: ctx.country.code,
    respondedBy: ctx.respondedBy,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    permissions: {
      edit: editable,
      submit: editable && canSubmitOffer(actor, row),
      review: isStaff(actor.role),
    },
    versionShown: shown.versionNumber,
  };
}

export function presentListItem(
  row: OfferRow,
  country: { code: string; name: string; active: boolean },
  sectors: number,
  lastSubmittedAt: Date | null,
): OfferListItem {
  return {
    id: row.id,
    name: row.name,
    countryId: row.countryId,
    countryCode: country.code,
    countryName: country.name,
    status: row.status as OfferStatus,
    submittedToAU: row.submittedToAU,
    versions: row.versions,
    sectors,
    regionCreated: row.regionCreated,
    updatedAt: row.updatedAt.toISOString(),
    lastSubmittedAt: lastSubmittedAt?.toISOString() ?? null,
    countryActive: country.active,
  };
}
