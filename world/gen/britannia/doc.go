// Package britannia owns the britannia world profile: six facets with the
// real client's ids and sizes (0 Felucca and 1 Trammel 7168×4096, 2 Ilshenar
// 2304×1600, 3 Malas 2560×2048, 4 Tokuno 1448×1448, 5 Ter Mur 1280×4096),
// generated deterministically from a seed with the content that makes real
// maps hard for a step cache, spread over the whole map: coasts, rivers,
// lakes and shallows (chunks with a swim layer), towns of many sizes with
// multi-storey buildings, stairs, furniture and doorways, bridges and piers,
// hall and cave dungeons with galleries, ramps, chasms and pools (chunks with
// strata), rough hills and mountains, dense forests, house multis. Folder
// writes the facets as a client folder (with the manifest that records
// their sizes and houses). See world/gen's doc for what each map holds.
//
// Map 0's chunk statistics are calibrated against the real Trammel's
// (docs/operations.md, Worlds): about 63% uniform chunks, 9% with a swim layer, 2% with
// strata. A smaller size (Options.Width, Height) scales feature counts with
// the area but keeps towns and dungeons their size, so small test maps are
// denser than the full ones.
//
// It does not own the default world (world/gen), the map and tile tables
// (world), the file formats (world/uo), the movement rules or anything
// dynamic: doorways are open in the static world and Features lists the
// door items an ECS places on them.
package britannia
