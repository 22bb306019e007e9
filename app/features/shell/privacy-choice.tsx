/** localStorage key holding "accepted" or "rejected" once the visitor has chosen. */
export const PRIVACY_CHOICE_KEY = 'privacyConsent';

/** Marks the page before its first paint when this browser has answered: the question's preview never shows. */
const markAnswered = `(function(){try{if(localStorage.getItem('${PRIVACY_CHOICE_KEY}')!==null)document.documentElement.setAttribute('data-privacy-answered','')}catch(e){}})();`;

export function PrivacyAnsweredScript({ nonce }: { nonce: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script, no user input
  return <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: markAnswered }} />;
}
