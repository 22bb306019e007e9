/** A place a search's words name: where its words are in the query, and the cities and districts called that. */
export interface NamedPlace {
  at: number[];
  cityIds: number[];
  townshipIds: number[];
}

type PlaceName = { name: string; cityId: number; townshipId: number | null };

/** Place names of up to this many words are recognised (Abu Dhabi, مدينة نصر). */
const MAX_NAME_WORDS = 3;
/** Names are read again after this long, or at once when the catalogue changes on this instance. */
const KEPT_MS = 5 * 60_000;

/**
 * The cities and districts named in a search's words (issue 25: "شقة للايجار الرياض" should find apartments
 * located in Riyadh). The names come from the lookups module, normalized, and are kept a few minutes.
 */
export class PlaceWords {
  private readonly load: () => Promise<PlaceName[]>;
  private byName: Promise<Map<string, PlaceName[]>> | null = null;
  private loadedAt = 0;

  constructor(load: () => Promise<PlaceName[]>) {
    this.load = load;
  }

  forget(): void {
    this.byName = null;
  }

  /** The places named by consecutive words of `norms` (longest names first), each word in one place at most. */
  async namedIn(norms: string[]): Promise<NamedPlace[]> {
    const byName = await this.names();
    const places: NamedPlace[] = [];
    for (let start = 0; start < norms.length; ) {
      const found = longestNameAt(norms, start, byName);
      if (!found) {
        start += 1;
        continue;
      }
      places.push(found);
      start += found.at.length;
    }
    return places;
  }

  private names(): Promise<Map<string, PlaceName[]>> {
    if (!this.byName || Date.now() - this.loadedAt > KEPT_MS) {
      this.loadedAt = Date.now();
      this.byName = this.load().then(indexByName, (error: unknown) => {
        this.byName = null;
        throw error;
      });
    }
    return this.byName;
  }
}

function indexByName(rows: PlaceName[]): Map<string, PlaceName[]> {
  const byName = new Map<string, PlaceName[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
  return byName;
}

function longestNameAt(norms: string[], start: number, byName: Map<string, PlaceName[]>): NamedPlace | null {
  for (let length = Math.min(MAX_NAME_WORDS, norms.length - start); length > 0; length--) {
    const words = norms.slice(start, start + length);
    const rows = byName.get(words.join(' '));
    if (rows) {
      return {
        at: words.map((_, index) => start + index),
        cityIds: [...new Set(rows.filter((row) => row.townshipId === null).map((row) => row.cityId))],
        townshipIds: [...new Set(rows.flatMap((row) => (row.townshipId === null ? [] : [row.townshipId])))],
      };
    }
  }
  return null;
}
