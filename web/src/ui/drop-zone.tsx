import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";

/** The image types a drop zone takes (the service's uploads: PNG, JPEG, WebP, GIF). */
export const acceptedImages = "image/png,image/jpeg,image/webp,image/gif";

/** A dashed area that takes dropped files (highlighted while something is dragged over it); its content says what to do. */
export function DropZone({
  label,
  testId,
  onFiles,
  children,
}: {
  label: string;
  testId: string;
  onFiles(files: FileList | undefined): void;
  children: ComponentChildren;
}) {
  const [over, setOver] = useState(false);
  return (
    <div
      class={`dropzone${over ? " dropzone-over" : ""}`}
      data-testid={testId}
      role="group"
      aria-label={label}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        onFiles(event.dataTransfer?.files);
      }}
    >
      {children}
    </div>
  );
}
