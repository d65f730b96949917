/**
 * The provider's infrastructure-as-code SDKs by the npm package that holds their resource classes:
 * the reader recognizes declarations through their imports, and the match stage's prefilter
 * routes name them.
 */
export const PROVIDER_PACKAGES = { pulumi: '@pulumi/cloudflare', cdktf: '@cdktf/provider-cloudflare' } as const;
