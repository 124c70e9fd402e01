/**
 * The caller's own pictures (contract section 14). `ingestImage` checks a file from its header and stores-to-be it as
 * an 8-bit sRGB PNG without metadata; `decodeDataUrl` turns a generate body's `data:` image into bytes for it.
 */
export { type HeaderResult, readHeader, sniffType, UPLOAD_TYPES, type UploadType } from "./header.js";
export {
  checkImageHeader,
  decodeDataUrl,
  describeLimits,
  encodeStoredPng,
  type IngestedImage,
  type IngestOptions,
  ingestImage,
  isUploadType,
  type PixelGate,
  tooLarge,
  type UploadLimits,
  unsupportedType,
} from "./ingest.js";
