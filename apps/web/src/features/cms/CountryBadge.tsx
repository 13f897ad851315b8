import { useState } from 'react';
import './cms.css';

/**
 * Where a member state's flag image is, by lower-case ISO code (the spec's business constants); the files are in
 * public/flags.
 */
const flagUrl = (code: string) => `/flags/${code.toLowerCase()}.svg`;

/**
 * A member state's flag, round, chosen by lower-case country code (the images are the 1×1 set of flag-icons, MIT,
 * copied into public/flags for the bloc's members). A code without an image shows the code in a round badge.
 * Used wherever a country's flag is shown: home, country information, regions, messaging.
 */
export function CountryBadge({ code, size }: { code: string; size?: number }) {
  // Keyed by code: a reused badge given another country tries that country's image again.
  const [missingCode, setMissingCode] = useState<string | null>(null);
  const missing = missingCode === code;
  const box = size ? { inlineSize: size, blockSize: size } : undefined;
  if (missing || !/^[a-z]{2}$/i.test(code)) {
    return (
      <span
        className="country-badge"
        aria-hidden
        style={size ? { ...box, fontSize: Math.round(size * 0.36) } : undefined}
      >
        {code.toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="country-flag"
      src={flagUrl(code)}
      alt=""
      aria-hidden
      style={box}
      loading="lazy"
      decoding="async"
      onError={() => setMissingCode(code)}
    />
  );
}
