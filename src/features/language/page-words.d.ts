// vite.config.ts: for each language, a loader of each part only some pages speak.
declare module 'virtual:page-words' {
  const loaders: Record<
    'cn' | 'ja',
    Record<import('./page-namespaces').PageNamespace, () => Promise<{ default: Record<string, unknown> }>>
  >;
  export default loaders;
}
