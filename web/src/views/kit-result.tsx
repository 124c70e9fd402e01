import type { Ref } from "preact";
import type { Kit } from "../contract";
import type { SceneMap } from "../kit";
import { Icon } from "../ui/icons";
import { plural } from "../ui/words";
import { KitScene } from "./kit-scene";

const kitExportLabels: Record<string, string> = {
  phaser: "Phaser 3",
  texturepacker: "TexturePacker",
  godot: "Godot 4",
  libgdx: "libGDX",
  zip: "Zip",
};

/** A kit's result: the scene, the atlas page(s), the items and the engine files. */
export function KitResult({ kit, map, cardRef }: { kit: Kit; map: SceneMap; cardRef: Ref<HTMLElement> }) {
  const atlas = kit.atlas;
  const formats = Object.keys(atlas?.exports ?? {});
  return (
    <section class="card kit-result" ref={cardRef} aria-label="Kit result" data-testid="kit-result" tabIndex={-1}>
      <h2>
        {plural(kit.items.length, "item")} at {kit.scale} px{kit.palette ? ` in ${kit.palette}` : ""}
      </h2>
      <p class="small muted">
        Charged {plural(kit.credits.charged, "credit")} · balance {kit.credits.balance.toLocaleString("en-US")}
      </p>
      {kit.failed.length ? (
        <p class="error-note" role="alert">
          Not made (refunded): {kit.failed.map((f) => `${f.name}: ${f.error.message}`).join("; ")}
        </p>
      ) : null}
      {atlas ? <KitScene kit={kit} map={map} /> : null}
      {atlas ? (
        <div class="exports" role="group" aria-label="Engine files" data-testid="kit-exports">
          <span class="exports-label small muted">Engine files</span>
          {formats.map((format) => (
            <a key={format} class="btn btn-secondary btn-sm" href={atlas.exports[format]} download data-format={format}>
              <Icon name="download" size={15} />
              {kitExportLabels[format] ?? format}
            </a>
          ))}
        </div>
      ) : null}
      <h3>Items</h3>
      <ul class="kit-items" data-testid="kit-items">
        {kit.items.map((item) => {
          const asset = item.generation.assets[0];
          return (
            <li key={item.name}>
              {asset ? <img src={asset.url} alt={item.name} class="pixelated kit-item-image" width={asset.width} height={asset.height} /> : null}
              <span class="kit-item-name">{item.name}</span>
              <span class="small muted">{asset?.layout?.kind ?? "image"}</span>
            </li>
          );
        })}
      </ul>
      {atlas ? (
        <>
          <h3>Atlas</h3>
          <div class="kit-atlas">
            {atlas.layout.pages.map((page) => (
              <a key={page.index} href={page.url} download title="Download this atlas page">
                <img
                  src={page.url}
                  alt={`Atlas page ${page.index + 1}: ${page.width} × ${page.height} px`}
                  width={page.width}
                  height={page.height}
                  class="pixelated checker"
                  style={{ width: `${page.width * Math.max(1, Math.floor(512 / Math.max(page.width, page.height)))}px` }}
                  data-testid="kit-atlas"
                />
              </a>
            ))}
          </div>
          <p class="small muted">
            {plural(atlas.layout.frames.length, "frame")} on {plural(atlas.layout.pages.length, "page")}
          </p>
        </>
      ) : null}
    </section>
  );
}
