import { useRef, useState } from "preact/hooks";
import { type UploadedAsset, uploadImage } from "../api";
import { acceptedImages, DropZone } from "../ui/drop-zone";
import { ErrorNote } from "../ui/error-note";
import { Icon } from "../ui/icons";

/** One file on its way up: its name, progress (0..1), and the service's refusal or the stored asset. */
interface UploadRow {
  key: number;
  name: string;
  progress: number;
  error: unknown;
  asset: UploadedAsset | null;
}

/**
 * "Your art": drop images (or pick them with the button) to store them as assets (POST /api/v1/uploads).
 * Each file shows its progress, then either joins History (onUploaded) or shows the service's refusal.
 */
export function UploadPanel({ projectId, onUploaded }: { projectId?: string; onUploaded(asset: UploadedAsset): void }) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const next = useRef(0);

  const patch = (key: number, change: Partial<UploadRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const send = async (file: File) => {
    const key = next.current++;
    setRows((all) => [{ key, name: file.name, progress: 0, error: null, asset: null }, ...all].slice(0, 6));
    try {
      const asset = await uploadImage(file, (progress) => patch(key, { progress }), projectId || undefined);
      patch(key, { progress: 1, asset });
      onUploaded(asset);
    } catch (error) {
      patch(key, { error });
    }
  };
  const sendAll = (files: FileList | null | undefined) => {
    for (const file of files ? [...files] : []) void send(file);
  };

  return (
    <section class="card upload-panel" aria-label="Your art">
      <DropZone label="Drop images here" testId="dropzone" onFiles={sendAll}>
        <Icon name="image" size={22} />
        <p>
          <strong>Your art:</strong> drop PNG, JPEG, WebP or GIF images here to use them like generated assets (free, up to 4096 px a side).
        </p>
        <button type="button" class="btn btn-secondary btn-sm" onClick={() => input.current?.click()}>
          Choose images…
        </button>
        <input
          ref={input}
          type="file"
          accept={acceptedImages}
          multiple
          hidden
          aria-label="Upload images"
          onChange={(event) => {
            const target = event.currentTarget;
            sendAll(target.files);
            target.value = "";
          }}
        />
      </DropZone>
      {rows.length ? (
        <ul class="upload-list" aria-label="Uploads">
          {rows.map((r) => (
            <li key={r.key} class="upload-row">
              <span class="upload-name" title={r.name}>
                {r.name}
              </span>
              {r.error ? (
                <ErrorNote error={r.error} />
              ) : r.asset ? (
                <span class="upload-done">
                  <Icon name="check" size={14} /> Added · {r.asset.width}×{r.asset.height}
                </span>
              ) : (
                <progress max={1} value={r.progress} aria-label={`Uploading ${r.name}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
