import { useEffect, useState } from 'react';

/** True once React owns the page in the browser (false on the server and before hydration). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
