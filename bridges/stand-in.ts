// Sandbox only: where no WeChat client or Alipay app runs (a desktop browser with their user
// agent), the server's stand-in script plays their payment sheets. A real bridge wins.
const loaded = new Map<string, Promise<boolean>>();

export function loadStandIn(url: string): Promise<boolean> {
  let loading = loaded.get(url);
  if (!loading) {
    loading = new Promise<boolean>((resolve) => {
      const script = document.createElement('script');
      script.src = url;
      script.onload = () => resolve(true);
      script.onerror = () => resolve(false);
      document.head.appendChild(script);
    });
    loaded.set(url, loading);
  }
  return loading;
}
