// Which phones take an eSIM, read from the user agent before purchase (issue 30). One table,
// easy to extend: a row names a model pattern the browser sends and whether it takes an eSIM.
//
// iPhones do not send their model: Safari and every in-app web view say "iPhone" and the iOS
// version only. iOS 17 and later run only on iPhone XS / XR and later, all of which take an
// eSIM (except models sold in mainland China, Hong Kong and Macao with two physical slots: the
// customer's own confirmation covers those). Android browsers send the model (Chrome's reduced
// UA keeps it on Android 10+ in most builds; "K" when hidden, which is unknown, not refused).

export type EsimOs = 'ios' | 'android' | 'other';
/** supported: the device is known to take an eSIM; unsupported: known not to; unknown: ask the customer. */
export type EsimVerdict = 'supported' | 'unsupported' | 'unknown';

export interface EsimDeviceRow {
  /** Shown to the customer, e.g. "Pixel 7" or "Galaxy S23". */
  label: string;
  /** Matched against the user agent's model part, case-insensitive. */
  pattern: RegExp;
  esim: boolean;
}

/** Android models by the name their browser sends. Order matters: first match wins. */
export const ANDROID_DEVICES: readonly EsimDeviceRow[] = [
  // Google Pixel: 3a sold in Japan and 4 and later take an eSIM; Pixel 1/2 from Japan do not.
  { label: 'Pixel', pattern: /\bPixel (?:[3-9]|1\d)\w*(?: (?:Pro|XL|a|Fold|XL))*\b/i, esim: true },
  { label: 'Pixel', pattern: /\bPixel(?: 2| XL|)\b(?! \d)/i, esim: false },
  // Samsung Galaxy S21 and later (SM-G99x, SM-S9xx), Z Fold / Flip 3 and later (SM-F7xx, SM-F9xx).
  { label: 'Galaxy S', pattern: /\bSM-(?:G99\d|S9\d\d|SC-5[1-9]|SCG\d\d)\w*/i, esim: true },
  { label: 'Galaxy Z', pattern: /\bSM-F(?:7[0-9]\d|9[0-9]\d)\w*/i, esim: true },
  // Sony Xperia 10 III and later, Xperia 1 III and later (XQ-B*, XQ-C*, XQ-D*, XQ-E*).
  { label: 'Xperia', pattern: /\bXQ-[B-F][A-Z]\d\d\b/i, esim: true },
  // AQUOS sense6 and later, AQUOS R7 and later (SH-M19, SH-M24, SH-M26, A201SH...).
  { label: 'AQUOS', pattern: /\bSH-(?:M19|M2\d|R7\d|5[1-9]\w)\b/i, esim: true },
  // OPPO Reno5 A and later sold in Japan (A101OP, CPH2199, CPH2353...).
  { label: 'OPPO', pattern: /\b(?:A101OP|A201OP|A301OP|CPH2199|CPH2353|CPH2523)\b/i, esim: true },
];

export interface EsimSupport {
  os: EsimOs;
  /** Major.minor of the OS, or null when the user agent does not say. */
  osVersion: string | null;
  verdict: EsimVerdict;
  /** The model as the table names it, when one matched. */
  model: string | null;
  /**
   * Which one-tap install link works in this browser (contract/esim-rules.ts installLink):
   * iOS 17.4+ and Android 10+; null elsewhere (and always inside an in-app web view).
   */
  oneTap: 'ios' | 'android' | null;
}

const version = (match: RegExpMatchArray | null, sep: string): [number, number] | null => {
  if (!match?.[1]) return null;
  const [major, minor] = match[1].split(sep).map(Number);
  return [major ?? 0, minor ?? 0];
};

const atLeast = (v: [number, number] | null, major: number, minor = 0) =>
  !!v && (v[0] > major || (v[0] === major && v[1] >= minor));

/** What the user agent says about eSIM on this phone. Never refuses: unknown asks the customer. */
export function esimSupport(userAgent: string): EsimSupport {
  const ua = userAgent || '';
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) {
    const v = version(ua.match(/OS (\d+(?:_\d+)?)/), '_');
    const osVersion = v ? `${v[0]}.${v[1]}` : null;
    // iPads with cellular take an eSIM too, but this product sells phone lines: ask.
    const iphone = /\biPhone\b/.test(ua);
    return {
      os: 'ios',
      osVersion,
      verdict: iphone && atLeast(v, 17) ? 'supported' : 'unknown',
      model: iphone ? 'iPhone' : null,
      oneTap: atLeast(v, 17, 4) ? 'ios' : null,
    };
  }
  const android = ua.match(/Android (\d+(?:\.\d+)?)/);
  if (android) {
    const v = version(android, '.');
    const osVersion = v ? `${v[0]}.${v[1]}` : null;
    // The model sits between "Android N;" and ")" or " Build/".
    const modelPart = ua.match(/Android [^;)]*;\s*([^;)]*?)(?:\s+Build\/[^;)]*)?[;)]/)?.[1]?.trim() ?? '';
    const row = modelPart && modelPart !== 'K' ? ANDROID_DEVICES.find((d) => d.pattern.test(modelPart)) : undefined;
    return {
      os: 'android',
      osVersion,
      verdict: row ? (row.esim ? 'supported' : 'unsupported') : 'unknown',
      model: row?.label ?? null,
      oneTap: atLeast(v, 10) ? 'android' : null,
    };
  }
  return { os: 'other', osVersion: null, verdict: 'unknown', model: null, oneTap: null };
}
