// The seats this browser took ("Your tables"): kept in its own storage, never sent whole
// to the server (the lobby asks only about the table ids). One entry per table and seat:
// {table, seat, token, game, created, creator?, lesson?}; the newest first, at most MOST.
const KEY = "deadtable.mytables";
export const MOST = 100;

export function myTables() {
  let list = [];
  try { list = JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { list = []; }
  if (!Array.isArray(list)) return [];
  return list.filter((e) => e && typeof e.table === "string" && Number.isInteger(e.seat) && typeof e.token === "string");
}

function save(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MOST))); } catch { /* private mode: not kept */ }
}

// Remember a seat (again: it moves to the front, keeping what was known, e.g. the creator token).
export function remember(entry) {
  const list = myTables();
  const old = list.find((e) => e.table === entry.table && e.seat === entry.seat);
  const kept = { ...(old || {}), ...Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined && v !== null)) };
  if (!kept.created) kept.created = new Date().toISOString();
  save([kept, ...list.filter((e) => e !== old)]);
}

export function forget(table, seat) {
  save(myTables().filter((e) => !(e.table === table && e.seat === seat)));
}

// The seat's link (with the creator token, for the creator's own seat; a guided game's with its coach).
export function seatLink(entry) {
  const creator = entry.creator ? `&creator=${encodeURIComponent(entry.creator)}` : "";
  const lesson = entry.lesson ? "&lesson=1" : "";
  return `/t/${encodeURIComponent(entry.table)}#seat=${entry.seat}&token=${encodeURIComponent(entry.token)}${creator}${lesson}`;
}
