// maxrects-packer's ES build ships no declaration of its own path: its types, re-exported.
declare module "maxrects-packer/dist/maxrects-packer.mjs" {
  export * from "maxrects-packer/dist/index.js";
}
