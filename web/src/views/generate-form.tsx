import { useEffect, useRef, useState } from "preact/hooks";
import { agentOption, sizeRange } from "../agent-text";
import { ApiError } from "../api";
import { type GenerateInput, type IconBadge, iconBadges } from "../contract";
import { planSheet } from "../sheet";
import { planTileset, tilesetLayouts } from "../tileset";
import { useSession } from "../state";
import { Button } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";
import { Icon } from "../ui/icons";
import { plural } from "../ui/words";
import { PromptCheck, replaceWord, usePromptCheck } from "./interpretation";
import { drawsSheets, drawsTilesets, fieldOf, outputsOf, sizeKey } from "./generate-options";
import { type Picture, PictureField } from "./picture-field";
import { ProjectPicker } from "./project-picker";
import { defaultSheetChoice, fpsOf, type Output, OutputChoice, type SheetChoice, SheetFields, SheetSummary } from "./sheet-fields";
import { defaultPaletteChoice, type PaletteChoice, PaletteFields, paletteChoiceOf, paletteOf } from "./palette-fields";
import { defaultTilesetChoice, type TilesetChoice, TilesetFields, TilesetSummary, terrainsOf } from "./tileset-fields";

const examples = [
  { prompt: "red health potion, glossy", agentId: "pixel-sprite" },
  { prompt: "golden key with a blue gem", agentId: "icon" },
  { prompt: "mossy cobblestone", agentId: "texture" },
  { prompt: "green slime monster", agentId: "pixel-sprite" },
];

export interface GenerateFormProps {
  /** Why the last start failed: shown under the field it names, else under the button. */
  error: unknown;
  starting: boolean;
  disabled: boolean;
  onStart(input: GenerateInput): void;
  /** A refusal found before calling the API (an empty prompt). */
  onRefuse(error: ApiError): void;
}

/** The generation settings: prompt (with examples), agent, output (image, sprite sheet or tileset), size, seed, transparency, palette, and the price. */
export function GenerateForm({ error, starting, disabled, onStart, onRefuse }: GenerateFormProps) {
  const session = useSession();
  const { agents } = session;
  const [prompt, setPrompt] = useState("");
  const [agentId, setAgentId] = useState(() => agents.find((a) => a.id === session.defaultAgentId)?.id ?? agents[0]?.id ?? "");
  const agent = agents.find((a) => a.id === agentId) ?? agents[0];
  const [size, setSize] = useState(() => (agent ? sizeKey(agent.defaultSize) : ""));
  const [transparent, setTransparent] = useState(true);
  // an icon's badge: "" lets the size and the prompt decide (none at 32 px and below)
  const [badge, setBadge] = useState<"" | IconBadge>("");
  const [seed, setSeed] = useState("");
  const [output, setOutput] = useState<Output>("image");
  const [sheetChoice, setSheetChoice] = useState<SheetChoice>(defaultSheetChoice);
  const [tilesetChoice, setTilesetChoice] = useState<TilesetChoice>(defaultTilesetChoice);
  const [paletteChoice, setPaletteChoice] = useState<PaletteChoice>(defaultPaletteChoice);
  // the palette the last Generate sent: its refusal shows while the palette is still that one
  const [sentPalette, setSentPalette] = useState<string | null>(null);
  const [projectId, setProjectId] = useState("");
  // the person's picture (contract section 14), sent as `image` to an agent that takes one
  const [picture, setPicture] = useState<Picture | null>(null);
  const promptInput = useRef<HTMLTextAreaElement>(null);

  const chooseAgent = (id: string) => {
    const next = agents.find((a) => a.id === id);
    if (!next) return;
    setAgentId(id);
    if (!outputsOf(next).includes(output)) setOutput("image");
    // with a picture, an agent that takes one starts at Auto (the size from the picture)
    if (picture && next.inputs.includes("image")) setSize("");
    else if (!next.sizes.some((s) => sizeKey(s) === size)) setSize(sizeKey(next.defaultSize));
  };
  const choosePicture = (next: Picture | null) => {
    setPicture(next);
    if (next) setSize("");
    else if (size === "" && agent) setSize(sizeKey(agent.defaultSize));
  };

  const canTransparent = agent?.supportsTransparent ?? false;
  const effectiveTransparent = canTransparent && transparent;
  const sizes = agent?.sizes ?? [];
  const image = agent?.inputs.includes("image") ? picture : null;
  // Auto ("" with a picture): no width or height sent; the agent takes them from the picture, else draws its default
  const sizeAuto = image !== null && size === "";
  const [width, height] = (size === "" ? [agent?.defaultSize.width ?? 0, agent?.defaultSize.height ?? 0] : size.split("x").map(Number)) as [number, number];
  const offer = agent?.sheet ?? undefined;
  const sheetOn = output === "sheet" && drawsSheets(agent) && offer !== undefined;
  const tilesetOffer = agent?.tileset ?? undefined;
  const tilesetOn = output === "tileset" && drawsTilesets(agent) && tilesetOffer !== undefined;
  const terrains = terrainsOf(tilesetChoice);
  const tileset = tilesetOn && terrains.length > 0 ? { layout: tilesetChoice.layout, terrains } : undefined;
  const tilesetPlan = tileset && tilesetOffer ? planTileset(tilesetOffer, tileset, { width, height }) : undefined;
  const fps = fpsOf(sheetChoice);
  const sheet = sheetOn ? { animations: sheetChoice.animations, directions: sheetChoice.directions, fps: fps ?? 8 } : undefined;
  const plan = sheet && offer ? planSheet(offer, sheet, { width, height }) : undefined;
  const palette = paletteOf(paletteChoice);
  const paletteKey = JSON.stringify(palette ?? null);

  const typed = prompt.trim();
  // what Generate sends (with the seed and project), and what the dry run prices as the person edits
  const request: GenerateInput | null = agent
    ? {
        agentId: agent.id,
        transparent: effectiveTransparent,
        ...(typed ? { prompt: typed } : {}),
        ...(sizeAuto ? {} : { width, height }),
        ...(sheet ? { sheet } : {}),
        ...(tileset ? { tileset } : {}),
        ...(palette !== undefined ? { palette } : {}),
        ...(badge !== "" ? { badge } : {}),
        ...(image ? { image: image.id } : {}),
      }
    : null;
  // A free dry run as the person types: would the agent understand this prompt (take this picture)?
  const { estimate, refusal } = usePromptCheck(request);
  // the dry run's word that this agent needs a prompt with the picture
  const promptRefusal = refusal?.param === "prompt" && image && !typed ? refusal : null;

  const submit = (event?: Event) => {
    event?.preventDefault();
    if (!request) return;
    const input: GenerateInput = { ...request };
    if (seed.trim() !== "") input.seed = Number(seed);
    if (projectId) input.projectId = projectId;
    setSentPalette(paletteKey);
    // with a picture, no prompt is needed unless the dry run said this agent needs one (else the service says so)
    if (!input.prompt && (!image || promptRefusal)) {
      onRefuse(
        promptRefusal ??
          new ApiError(`Describe the asset you want${agent?.inputs.includes("image") ? ", or give a picture" : ""} first.`, "", undefined, {}, "prompt"),
      );
      promptInput.current?.focus();
      return;
    }
    if (sheet && fps === undefined) {
      onRefuse(new ApiError("Frames per second must be a whole number from 1 to 30.", "", undefined, {}, "sheet.fps"));
      document.getElementById("gen-fps")?.focus();
      return;
    }
    if (tilesetOn && !tileset) {
      onRefuse(new ApiError("Name the terrain to draw (grass, dirt, stone…).", "", undefined, {}, "tileset.terrains"));
      document.getElementById("gen-terrain-1")?.focus();
      return;
    }
    onStart(input);
  };

  // Another screen asked for a run (History: "Run again" / "Edit").
  useEffect(() => {
    const pending = session.pendingRun;
    if (!pending) return;
    session.clearPendingRun();
    const { input } = pending;
    setPrompt(input.prompt ?? "");
    if (agents.some((a) => a.id === input.agentId)) setAgentId(input.agentId);
    const { width, height } = input;
    setSize(width !== undefined && height !== undefined ? sizeKey({ width, height }) : "");
    setPicture(input.image ? { id: input.image, url: `/api/v1/assets/${input.image}`, name: "Your picture" } : null);
    setTransparent(input.transparent);
    setBadge(input.badge ?? "");
    setSeed(input.seed === undefined ? "" : String(input.seed));
    setOutput(input.sheet ? "sheet" : input.tileset ? "tileset" : "image");
    if (input.sheet) {
      const { animations, directions, fps } = input.sheet;
      setSheetChoice({
        animations: animations ?? defaultSheetChoice.animations,
        directions: directions === 1 || directions === 8 ? directions : 4,
        fps: String(fps ?? 8),
      });
    }
    if (input.tileset) {
      const { layout, terrains } = input.tileset;
      setTilesetChoice({
        layout: tilesetLayouts.find((l) => l === layout) ?? defaultTilesetChoice.layout,
        terrains: [terrains[0] ?? "", terrains[1] ?? ""],
      });
    }
    setPaletteChoice((previous) => paletteChoiceOf(input.palette, previous));
    if (pending.start) onStart(input);
    else promptInput.current?.focus();
  }, [session.pendingRun]);

  const tilesetRefusal = refusal?.param?.startsWith("tileset") ? refusal : null;
  const check = estimate?.interpretation ?? null;
  const knownSubjects = agent?.knows?.subjects ?? [];
  const someKnown = Array.from({ length: Math.min(6, knownSubjects.length) }, (_, i) => knownSubjects[Math.floor((i * knownSubjects.length) / 6)] as string);

  const errorField = fieldOf(error instanceof ApiError ? error.param : undefined);
  // the dry run's refusal of the palette as typed; else the last start's, while the palette is unchanged
  // (an empty custom field is not refused as it is opened, only when Generate sends it)
  const typingFirst = paletteChoice.kind === "custom" && paletteChoice.custom.trim() === "";
  const paletteRefusal =
    refusal?.param?.startsWith("palette") && !typingFirst ? refusal : errorField === "palette" && sentPalette === paletteKey ? error : null;
  // The dry run's price for these settings once it answered; until then the agent's offer says it.
  const price = estimate?.credits.price ?? plan?.price ?? tilesetPlan?.price ?? agent?.credits ?? 0;
  // the tile count the dry run answered, else the one the layout has
  const tiles = estimate?.tilesetLayout?.tiles.length ?? tilesetPlan?.tiles;
  const short = session.balance < price;

  return (
    <form id="gen-form" class="card form-card" onSubmit={submit} aria-label="Generation settings">
      <div class="field">
        <label for="gen-prompt">Prompt</label>
        <textarea
          id="gen-prompt"
          ref={promptInput}
          rows={3}
          maxLength={4000}
          placeholder="e.g. a blue mana potion with a cork, glowing"
          value={prompt}
          onInput={(e) => setPrompt(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) submit(e);
          }}
          aria-invalid={errorField === "prompt" ? "true" : undefined}
          aria-describedby="gen-prompt-hint gen-prompt-check"
        />
        <div class="field-foot">
          <p class="hint" id="gen-prompt-hint">
            {image ? "With a picture, optional where the agent needs none. " : "Colour, subject and style words steer it. "}
            <kbd>Ctrl</kbd>+<kbd>Enter</kbd> generates.
          </p>
        </div>
        {errorField === "prompt" ? <ErrorNote error={error} /> : <ErrorNote error={promptRefusal} />}
        <PromptCheck
          interpretation={typed ? check : null}
          agentName={agent?.name ?? "This agent"}
          known={someKnown}
          others={agents.filter((a) => a.id !== agent?.id && a.knows).map((a) => ({ id: a.id, name: a.name, subjects: a.knows?.subjects ?? [] }))}
          onReplace={(word, subject) => {
            setPrompt(replaceWord(prompt, word, subject));
            promptInput.current?.focus();
          }}
          onSwitch={(id) => {
            chooseAgent(id);
            promptInput.current?.focus();
          }}
        />
        <div class="chips" role="group" aria-label="Examples">
          {examples.map((ex) => (
            <button
              type="button"
              class="chip"
              key={ex.prompt}
              onClick={() => {
                setPrompt(ex.prompt);
                chooseAgent(ex.agentId);
                promptInput.current?.focus();
              }}
            >
              {ex.prompt}
            </button>
          ))}
        </div>
      </div>

      <ProjectPicker id="gen-project" label="Project" value={projectId} onChange={setProjectId} noneLabel="No project" canCreate />

      <div class="field">
        <label for="gen-agent">Agent</label>
        <div class="select">
          <select id="gen-agent" value={agentId} onChange={(e) => chooseAgent(e.currentTarget.value)} aria-describedby="gen-agent-hint">
            {agents.map((a) => (
              <option key={a.id} value={a.id}>
                {agentOption(a)}
              </option>
            ))}
          </select>
        </div>
        <p class="hint" id="gen-agent-hint">
          {agent ? <span class="hint-strong">{sizeRange(agent)}.</span> : null} {agent?.description}
        </p>
        {errorField === "agent" ? <ErrorNote error={error} /> : null}
      </div>

      {agent?.inputs.includes("image") ? (
        <PictureField
          value={picture}
          onChange={choosePicture}
          projectId={projectId}
          note={
            drawsSheets(agent)
              ? `With a picture, ${agent.name} only animates it: choose the sprite sheet output (one picture from a picture is another agent's).`
              : `Your picture for ${agent.name} to work on: drop one, choose a file, or pick one of yours.`
          }
          refusal={errorField === "picture" ? error : refusal?.param === "image" ? refusal : null}
        />
      ) : null}

      {outputsOf(agent).length > 1 ? (
        <OutputChoice outputs={outputsOf(agent)} value={sheetOn ? "sheet" : tilesetOn ? "tileset" : "image"} onChange={setOutput} />
      ) : null}
      {sheetOn && agent ? <SheetFields agent={agent} choice={sheetChoice} onChange={setSheetChoice} invalid={errorField === "sheet"} /> : null}
      {errorField === "sheet" ? <ErrorNote error={error} /> : null}
      {tilesetOn && agent ? (
        <TilesetFields agent={agent} choice={tilesetChoice} onChange={setTilesetChoice} refusal={errorField === "tileset" ? error : tilesetRefusal} />
      ) : errorField === "tileset" ? (
        <ErrorNote error={error} />
      ) : null}

      <div class="field-row">
        <div class="field">
          <label for="gen-size">{sheetOn ? "Frame size" : tilesetOn ? "Tile size" : "Size"}</label>
          <div class="select">
            <select
              id="gen-size"
              value={size}
              onChange={(e) => setSize(e.currentTarget.value)}
              aria-describedby={plan || tilesetPlan || sizeAuto ? "gen-size-hint" : undefined}
            >
              {image ? <option value="">Auto (from the picture)</option> : null}
              {sizes.map((s) => (
                <option key={sizeKey(s)} value={sizeKey(s)}>
                  {s.width} × {s.height}
                  {agent && sizeKey(s) === sizeKey(agent.defaultSize) ? " (default)" : ""}
                </option>
              ))}
            </select>
          </div>
          {sizeAuto && !plan ? (
            <p class="hint" id="gen-size-hint">
              Auto: the picture's own size (pixel art: its true size) where the agent takes it from the picture, else the default{" "}
              {agent ? `${agent.defaultSize.width} × ${agent.defaultSize.height}` : ""}.
            </p>
          ) : null}
          {plan && offer ? <SheetSummary plan={plan} maxSidePx={offer.maxSidePx} /> : null}
          {tilesetPlan ? <TilesetSummary plan={{ ...tilesetPlan, tiles: tiles ?? tilesetPlan.tiles }} /> : null}
          {errorField === "size" ? <ErrorNote error={error} /> : null}
        </div>
        <div class="field">
          <label for="gen-seed">Seed</label>
          <div class="input-with-button">
            <input
              id="gen-seed"
              type="number"
              inputMode="numeric"
              min={0}
              max={2147483647}
              step={1}
              placeholder="Random"
              value={seed}
              onInput={(e) => setSeed(e.currentTarget.value)}
              aria-invalid={errorField === "seed" ? "true" : undefined}
            />
            <button
              type="button"
              class="icon-button"
              aria-label="Randomize"
              title="Pick a random seed"
              onClick={() => setSeed(String(Math.floor(Math.random() * 2147483647)))}
            >
              <Icon name="dice" />
            </button>
          </div>
          {errorField === "seed" ? <ErrorNote error={error} /> : null}
        </div>
      </div>

      <div class="field">
        <label class={`toggle${canTransparent ? "" : " is-disabled"}`} for="gen-transparent">
          <input
            id="gen-transparent"
            type="checkbox"
            checked={effectiveTransparent}
            disabled={!canTransparent}
            onChange={(e) => setTransparent(e.currentTarget.checked)}
            aria-describedby="gen-transparent-hint"
          />
          <span class="toggle-track" aria-hidden="true" />
          <span>Transparent background</span>
        </label>
        <p class="hint" id="gen-transparent-hint">
          {canTransparent ? "PNG with an alpha channel, ready to drop into a scene." : `${agent?.name ?? "This agent"} always draws an opaque image.`}
        </p>
        {errorField === "transparent" ? <ErrorNote error={error} /> : null}
      </div>

      <div class="field">
        <label for="gen-badge">Badge</label>
        <div class="select">
          <select id="gen-badge" value={badge} onChange={(e) => setBadge(e.currentTarget.value as "" | IconBadge)} aria-describedby="gen-badge-hint">
            <option value="">Auto</option>
            {iconBadges.map((b) => (
              <option key={b} value={b}>
                {b === "none" ? "None" : b[0]!.toUpperCase() + b.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <p class="hint" id="gen-badge-hint">
          Icons only: the shape behind the subject. Auto: none at 32 px and below, else what the prompt says.
        </p>
        {errorField === "badge" ? <ErrorNote error={error} /> : null}
      </div>

      <PaletteFields choice={paletteChoice} onChange={setPaletteChoice} refusal={paletteRefusal} />

      <div class="submit-row">
        <Button type="submit" variant="primary" class="btn-block btn-lg" busy={starting} disabled={disabled} aria-describedby="gen-price">
          <Icon name="sparkles" />
          Generate
        </Button>
        <p class={`price${short ? " price-short" : ""}`} id="gen-price">
          Costs {plural(price, "credit")}
          {plan && offer ? ` (${plural(plan.frames, "frame")}: ${plural(offer.creditsPer8Frames, "credit")} per 8 frames begun)` : ""}
          {tilesetPlan && tilesetOffer && tiles !== undefined
            ? ` (${plural(tiles, "tile")}: ${plural(tilesetOffer.creditsPer16Tiles, "credit")} per 16 tiles begun, × ${Math.ceil(tiles / 16)})`
            : ""}{" "}
          · balance {session.balance.toLocaleString("en-US")}
        </p>
        {error && !errorField ? <ErrorNote error={error} /> : null}
      </div>
    </form>
  );
}
