// Customer-typed text printed on a staff terminal must not act on it: an ESC sequence in a
// last name could clear the screen and print a fake "approved", a newline could fake a line,
// a bidi override could reorder what is shown. Such characters print as visible escapes.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function visible(value: unknown): string {
  return text(value).replace(CONTROL, (c) => {
    if (c === '\\') return '\\\\';
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  // A value from a JSON column (an object, an array) prints as JSON rather than "[object Object]".
  return JSON.stringify(value) ?? '';
}
