// The console shows times in Tokyo (src/admin/format.ts formatTime: "2026/11/25 09:05"); the
// commands print the same shape so an operator comparing the two reads one clock. Japan keeps
// UTC+9 all year, so a fixed offset is exact.

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** `YYYY/MM/DD HH:mm` in Tokyo, as the console prints it. */
export function tokyoTime(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return String(at);
  const iso = new Date(date.getTime() + TOKYO_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '/')} ${iso.slice(11, 16)}`;
}
