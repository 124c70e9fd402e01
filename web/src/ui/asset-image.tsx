/** An image on a checkerboard (transparent) or a plain well, scaled up without smoothing. */
export function AssetImage(props: { src: string; alt: string; transparent: boolean; width: number; height: number; class?: string; lazy?: boolean }) {
  return (
    <div class={`stage${props.transparent ? " checker" : ""}${props.class ? ` ${props.class}` : ""}`}>
      <img
        src={props.src}
        alt={props.alt}
        width={props.width}
        height={props.height}
        class="pixelated"
        loading={props.lazy ? "lazy" : undefined}
        decoding="async"
        draggable={false}
      />
    </div>
  );
}
