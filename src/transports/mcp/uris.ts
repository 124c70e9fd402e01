/** The resource of an asset's full PNG, as the tools link it. */
export const assetUri = (id: string) => `asset://${id}`;
/** The resource of one of an asset's engine exports. */
export const exportUri = (id: string, format: string) => `asset://${id}/export/${format}`;
