/**
 * The sample map of a tileset's result: painted by the layout's own rule with the service's own
 * painter (src/agents/tileset-map.ts; the web build counts it among its sources, see
 * scripts/build-web.ts), so the preview is the map the seam score, the Tiled sample and MCP show.
 */
export { type PaintedMap, paintRandomMap } from "../../src/agents/tileset-map.js";
