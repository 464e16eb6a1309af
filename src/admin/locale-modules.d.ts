// `locales/<lang>.json?admin`: the parts of a dictionary the console uses (vite.config.ts).
declare module '*.json?admin' {
  const dictionary: Record<string, unknown>;
  export default dictionary;
}

// `locales/<lang>.json?sign-in`: the words of the console's sign-in screen (vite.config.ts).
declare module '*.json?sign-in' {
  const dictionary: Record<string, unknown>;
  export default dictionary;
}
