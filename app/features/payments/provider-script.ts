const loads = new Map<string, Promise<unknown>>();

/**
 * A payment provider's script from where the server says (Stripe.js, Razorpay's checkout.js), added to the page
 * once, in the browser only, resolving to the global it defines. A load that failed is tried again on the next
 * call.
 */
export function loadProviderScript<T>(url: string, globalName: string): Promise<T> {
  const known = loads.get(url);
  if (known) return known as Promise<T>;
  const loading = new Promise<T>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const defined = (window as unknown as Record<string, T | undefined>)[globalName];
      if (defined) return resolve(defined);
      loads.delete(url);
      reject(new Error(`${url} did not define ${globalName}`));
    };
    script.onerror = () => {
      script.remove();
      loads.delete(url);
      reject(new Error(`${url} could not be fetched`));
    };
    document.head.append(script);
  });
  loads.set(url, loading);
  return loading;
}
