/** Who is asking and what signing in answers: shared by the server's account services, its HTTP glue and pages. */

/** What a service needs to know about the request it serves. */
export interface RequestMeta {
  /** The incoming headers (cookie or bearer token, user agent). */
  headers: Headers;
  ip: string;
  language: string;
}

/** Who is asking, when anyone is signed in. */
export interface Viewer {
  userId: string;
  userName: string;
  photo: string | null;
  isAdmin: boolean;
  status: number;
}

/** A signed-in result: the session token (for API clients) and the cookies to set (for browsers). */
export interface SignedIn {
  userId: string;
  userName: string;
  token: string;
  cookies: string[];
}

/** A registration that waits for its e-mail code: what the code step needs. */
export interface PendingVerification {
  userId: string;
  userName: string;
  userEmail: string;
  /** Given only to the client that registered; with the e-mailed code it activates this registration. */
  registrationToken: string;
}

/** Registering or signing in either opens a session or continues on the e-mail code step. */
export type SignInOutcome = { kind: 'signedIn'; session: SignedIn } | { kind: 'pending'; pending: PendingVerification };
export type RegisterOutcome = SignInOutcome;
