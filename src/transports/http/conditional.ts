/**
 * `If-None-Match` as RFC 9110 (section 13.1.2) reads it, for GET and HEAD: `*` matches any current
 * representation; otherwise the header is a list of entity tags, compared weakly (section 8.8.3.2:
 * `W/"x"` and `"x"` match). An entity tag's opaque part may hold commas, so the list is read tag by
 * tag, not split on commas. A header that is not a list of entity tags matches nothing (the full
 * answer is always a safe reply).
 */
export function ifNoneMatch(header: string | null | undefined, ...etags: string[]): boolean {
  if (!header) return false;
  const value = header.trim();
  if (value === "*") return true;
  const wanted = new Set(etags.map(opaque));
  for (const tag of entityTags(value)) if (wanted.has(tag)) return true;
  return false;
}

/** The opaque tags (quotes included, weakness dropped) of a list of entity tags; none when it is malformed. */
function entityTags(list: string): string[] {
  const tags: string[] = [];
  // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE; etagc = %x21 / %x23-7E / obs-text; list separators are commas and optional whitespace
  const tag = /\s*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/y;
  let at = 0;
  while (at < list.length) {
    tag.lastIndex = at;
    const match = tag.exec(list);
    if (!match) {
      // an empty list element (",," is allowed by the list rule), else a malformed header
      const empty = /\s*,/y;
      empty.lastIndex = at;
      if (!empty.exec(list)) return [];
      at = empty.lastIndex;
      continue;
    }
    tags.push(match[1]!);
    at = tag.lastIndex;
  }
  return tags;
}

const opaque = (etag: string): string => etag.replace(/^W\//, "");
