/** The reserved agent every upload's generation names (migration `uploads`): never listed, never callable. */
export const UPLOAD_AGENT_ID = "upload";
