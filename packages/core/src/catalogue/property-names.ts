/**
 * Argument names across tools: Terraform writes `mobile_redirect`, Pulumi and CDK for Terraform
 * `mobileRedirect`. The catalogue speaks Terraform's spelling; keys are compared in it.
 */
export function snakeCase(key: string): string {
  return key.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
}

export function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
