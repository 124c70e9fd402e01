import { useEffect, useRef, useState } from "preact/hooks";
import { api, uploadImage } from "../api";
import { Button } from "../ui/buttons";
import { acceptedImages, DropZone } from "../ui/drop-zone";
import { ErrorNote } from "../ui/error-note";
import { Icon } from "../ui/icons";

/** The picture the Generate form sends as `image` (contract section 14): one of the person's assets. */
export interface Picture {
  id: string;
  url: string;
  name: string;
  /** Unknown for a picture History named by its id only. */
  width?: number;
  height?: number;
}

/**
 * The person's recent pictures, newest first: their uploads and generated single images (History's list; a
 * sheet's or tileset's PNG is left out). One page, at most `count`.
 */
export async function recentPictures(count = 12): Promise<Picture[]> {
  const page = await api.generations(24, null);
  return page.nodes
    .filter((g) => g.status === "succeeded")
    .flatMap((g) =>
      g.assets
        .filter((a) => !a.layout && !a.tilesetLayout)
        .map((a) => ({ id: a.id, url: a.url, name: g.prompt ?? g.agentId, width: a.width, height: a.height })),
    )
    .slice(0, count);
}

export interface PictureFieldProps {
  value: Picture | null;
  onChange(picture: Picture | null): void;
  /** The project an upload from here is filed under. */
  projectId?: string;
  /** What the agent does with a picture, next to the field (e.g. a sheet only). */
  note?: string;
  /** The service's refusal naming `image`: the last start's, or the dry run's. */
  refusal: unknown;
}

/**
 * "Picture" on the Generate form, for agents whose `inputs` include an image: drop or choose a file (stored as an
 * upload, POST /api/v1/uploads, as History's "Your art" does) or pick one of the person's recent pictures; the
 * chosen one shows as a thumbnail with a way to clear it.
 */
export function PictureField({ value, onChange, projectId, note, refusal }: PictureFieldProps) {
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [picking, setPicking] = useState(false);
  const [recent, setRecent] = useState<Picture[] | null>(null);
  const [recentError, setRecentError] = useState<unknown>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    setPicking(false);
    setUploading({ name: file.name, progress: 0 });
    try {
      const asset = await uploadImage(file, (progress) => setUploading({ name: file.name, progress }), projectId || undefined);
      onChange({ id: asset.id, url: asset.url, name: asset.name, width: asset.width, height: asset.height });
      setRecent(null);
    } catch (error) {
      setUploadError(error);
    } finally {
      setUploading(null);
    }
  };

  // the recent pictures, read when the picker opens (again after an upload)
  useEffect(() => {
    if (!picking || recent) return;
    let live = true;
    setRecentError(null);
    recentPictures().then(
      (pictures) => live && setRecent(pictures),
      (error: unknown) => live && setRecentError(error),
    );
    return () => {
      live = false;
    };
  }, [picking, recent]);

  return (
    <fieldset class="field picture-field" aria-describedby="gen-picture-hint" aria-invalid={refusal ? "true" : undefined}>
      <legend>Picture</legend>
      {value ? (
        <div class="picture-chosen">
          <img class="picture-thumb pixelated checker" src={value.url} alt={`Picture: ${value.name}`} width={value.width} height={value.height} />
          <span class="upload-name" title={value.name}>
            {value.name}
            {value.width && value.height ? ` · ${value.width}×${value.height}` : ""}
          </span>
          <Button small variant="ghost" icon="x" aria-label="Clear the picture" onClick={() => onChange(null)}>
            Clear
          </Button>
        </div>
      ) : (
        <DropZone label="Drop a picture here" testId="picture-dropzone" onFiles={(files) => void send(files?.[0])}>
          <Icon name="image" size={22} />
          <p>Drop a PNG, JPEG, WebP or GIF here (stored with your art, free), or</p>
          <Button small busy={uploading !== null} onClick={() => input.current?.click()}>
            Choose a file…
          </Button>
          <Button small variant="ghost" aria-expanded={picking ? "true" : "false"} onClick={() => setPicking(!picking)}>
            Your pictures…
          </Button>
        </DropZone>
      )}
      <input
        ref={input}
        type="file"
        accept={acceptedImages}
        hidden
        aria-label="Picture file"
        onChange={(event) => {
          const target = event.currentTarget;
          void send(target.files?.[0]);
          target.value = "";
        }}
      />
      {uploading ? <progress max={1} value={uploading.progress} aria-label={`Uploading ${uploading.name}`} /> : null}
      {picking && !value ? (
        recent === null ? (
          recentError ? (
            <ErrorNote error={recentError} />
          ) : (
            <p class="hint">Loading your pictures…</p>
          )
        ) : recent.length === 0 ? (
          <p class="hint">No pictures yet: drop or choose one above.</p>
        ) : (
          <ul class="picture-grid" aria-label="Your pictures">
            {recent.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  class="picture-option checker"
                  aria-label={`Use ${p.name} (${p.width}×${p.height})`}
                  title={`${p.name} · ${p.width}×${p.height}`}
                  onClick={() => {
                    setPicking(false);
                    onChange(p);
                  }}
                >
                  <img class="pixelated" src={p.url} alt="" loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <p class="hint" id="gen-picture-hint">
        {note ?? "Optional: the agent works on your picture instead of drawing from words."}
      </p>
      {uploadError ? <ErrorNote error={uploadError} /> : <ErrorNote error={refusal} />}
    </fieldset>
  );
}
