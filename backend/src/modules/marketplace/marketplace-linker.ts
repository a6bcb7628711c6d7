import type { AuthContext } from '../../common/http/auth-context.js';

/** What sign-in needs from the marketplace module (the auth module depends on this, not on the whole service). */
export interface MarketplaceLinker {
  /** Connects the user through a single-brand access token; answers a short message for the user. */
  connectWithAccessToken(
    user: Pick<AuthContext, 'userId' | 'email' | 'isPlatformAdmin'>,
    token: string,
  ): Promise<string>;
  /** Whether the configured marketplace is the built-in sandbox. */
  isSandbox(): boolean;
}

export const MARKETPLACE_LINKER = Symbol('MARKETPLACE_LINKER');
