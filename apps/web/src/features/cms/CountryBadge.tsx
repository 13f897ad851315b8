/** A member state's ISO code in a small round badge (the spec's flag images are not bundled). */
export function CountryBadge({ code }: { code: string }) {
  return (
    <span className="country-badge" aria-hidden>
      {code.toUpperCase()}
    </span>
  );
}
