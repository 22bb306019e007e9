import { createContext, useContext } from 'react';

/** The response's CSP nonce during server rendering; empty in the browser, where it is no longer needed. */
export const NonceContext = createContext('');
export const useNonce = () => useContext(NonceContext);
