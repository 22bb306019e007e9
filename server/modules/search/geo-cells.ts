/**
 * The map grids of souk_geo_cells (migration 0008): every listing carries its cell of each grid, and the
 * text index holds them beside the words, so a text search around a point reads only the matches in the
 * cells its circle touches. The same arithmetic as the SQL function, in the same double precision.
 */
const GRIDS = [
  { first: 100_000_000, degrees: 0.1, columns: 3601 },
  { first: 200_000_000, degrees: 1, columns: 361 },
] as const;

/** More cells than this and the grid is no help: the search reads the map index instead. */
const MAX_CELLS = 36;
/** Metres in a degree of latitude on earthdistance's sphere (6,378,168 m), a little less to widen the box. */
const METERS_PER_DEGREE = 111_000;

/**
 * The cells of the finest grid that covers the circle's bounding box with at most MAX_CELLS cells; null when
 * none does, or when the box crosses a pole or the 180th meridian.
 */
export function geoCellsAround(circle: { lat: number; lng: number; meters: number }): number[] | null {
  const latSpan = circle.meters / METERS_PER_DEGREE;
  // A degree of longitude is shortest at the box's edge nearest a pole: the span is taken there.
  const cosine = Math.cos(((Math.abs(circle.lat) + latSpan) * Math.PI) / 180);
  if (cosine < 0.01) return null;
  const lngSpan = latSpan / cosine;
  const box = {
    south: circle.lat - latSpan,
    north: circle.lat + latSpan,
    west: circle.lng - lngSpan,
    east: circle.lng + lngSpan,
  };
  if (box.south < -90 || box.north > 90 || box.west < -180 || box.east > 180) return null;
  for (const grid of GRIDS) {
    const row = (lat: number) => Math.floor((lat + 90) / grid.degrees);
    const column = (lng: number) => Math.floor((lng + 180) / grid.degrees);
    const rows = row(box.north) - row(box.south) + 1;
    const columns = column(box.east) - column(box.west) + 1;
    if (rows * columns > MAX_CELLS) continue;
    const cells: number[] = [];
    for (let r = row(box.south); r <= row(box.north); r++) {
      for (let c = column(box.west); c <= column(box.east); c++) cells.push(grid.first + r * grid.columns + c);
    }
    return cells;
  }
  return null;
}
