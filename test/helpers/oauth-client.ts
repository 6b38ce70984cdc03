// An assistant's host as the MCP SDK's client-side OAuth sees it: an OAuthClientProvider that keeps its
// registration, tokens and PKCE verifier in memory, and records where it was sent to sign in (the test's browser
// goes there). Its redirect URL is a loopback listener of the test (callback-server.ts), as a native host's is.
import type {OAuthClientProvider} from '@modelcontextprotocol/sdk/client/auth.js';
import type {OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens} from '@modelcontextprotocol/sdk/shared/auth.js';

export class TestOAuthProvider implements OAuthClientProvider {
	information: OAuthClientInformationMixed | undefined;
	saved: OAuthTokens | undefined;
	/** Every token set saved, in order (a refresh adds one). */
	readonly history: OAuthTokens[] = [];
	/** Every authorization URL the client was sent to (a new consent adds one). */
	readonly authorizations: URL[] = [];
	private verifier = '';

	private readonly callback: string;
	private readonly name: string;

	constructor(callback: string, name: string) {
		this.callback = callback;
		this.name = name;
	}

	get redirectUrl(): string {
		return this.callback;
	}

	get clientMetadata(): OAuthClientMetadata {
		return {client_name: this.name, redirect_uris: [this.callback], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none'};
	}

	clientInformation(): OAuthClientInformationMixed | undefined {
		return this.information;
	}

	saveClientInformation(information: OAuthClientInformationMixed): void {
		this.information = information;
	}

	tokens(): OAuthTokens | undefined {
		return this.saved;
	}

	saveTokens(tokens: OAuthTokens): void {
		this.saved = tokens;
		this.history.push(tokens);
	}

	redirectToAuthorization(url: URL): void {
		this.authorizations.push(url);
	}

	saveCodeVerifier(verifier: string): void {
		this.verifier = verifier;
	}

	codeVerifier(): string {
		return this.verifier;
	}

	invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
		if (scope === 'all' || scope === 'tokens') {
			this.saved = undefined;
		}

		if (scope === 'all' || scope === 'client') {
			this.information = undefined;
		}
	}
}
