import { useEffect, useState } from "preact/hooks";
import { api, type ProjectSummary } from "../api";
import { Button } from "../ui/buttons";
import { ErrorNote } from "../ui/error-note";

interface ProjectPickerProps {
  id: string;
  label: string;
  /** The chosen project's id, or "" for none. */
  value: string;
  onChange(id: string): void;
  /** What "" means here ("No project", "All generations"). */
  noneLabel: string;
  /** Offer to create one (the Generate form). */
  canCreate?: boolean;
}

/** A project select (contract section 13): the account's projects, and on the Generate form a new one by name. */
export function ProjectPicker({ id, label, value, onChange, noneLabel, canCreate }: ProjectPickerProps) {
  const [projects, setProjects] = useState<ProjectSummary[]>([]);
  const [naming, setNaming] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api.projects().then(setProjects, setError);
  }, []);
  const create = async () => {
    if (!naming?.trim()) return;
    try {
      const made = await api.createProject(naming.trim());
      setProjects((list) => [made, ...list]);
      setNaming(null);
      onChange(made.id);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <div class="select">
        <select id={id} value={value} onChange={(e) => (e.currentTarget.value === "+new" ? setNaming("") : onChange(e.currentTarget.value))}>
          <option value="">{noneLabel}</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.assetCount})
            </option>
          ))}
          {canCreate ? <option value="+new">New project…</option> : null}
        </select>
      </div>
      {naming !== null ? (
        <div class="field-row">
          <input id={`${id}-name`} placeholder="Project name" maxLength={64} value={naming} onInput={(e) => setNaming(e.currentTarget.value)} />
          <Button small onClick={() => void create()}>
            Create
          </Button>
        </div>
      ) : null}
      {error ? <ErrorNote error={error} /> : null}
    </div>
  );
}
