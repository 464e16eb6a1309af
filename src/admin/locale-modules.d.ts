// `locales/<lang>.json?admin`: the parts of a dictionary the console uses (vite.config.ts).
declare module '*.json?admin' {
  const dictionary: Record<string, unknown>;
  export default dictionary;
}
