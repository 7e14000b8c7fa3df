// Package web serves mousemaze in the browser: a single-page app, embedded
// in the binary, on top of a small JSON API.
//
// The page draws and edits mazes, asks the server to walk them (POST
// /api/eval, with the same walk and evaluators as `mousemaze eval`), animates
// the walk from the compact path the server returns, and runs `evolve` and
// `sweep` jobs whose progress arrives as Server-Sent Events. No request
// reads or writes a path on the server's disk: mazes travel in the request
// bodies, and the gallery is embedded.
//
// The API:
//
//	GET    /api/gallery           the embedded record mazes with their turns
//	POST   /api/parse             parse maze text (grid or edge format)
//	POST   /api/eval              walk one maze: turns, heat map, compact path
//	POST   /api/jobs              start an evolve or sweep job
//	GET    /api/jobs              list the jobs
//	GET    /api/jobs/{id}         one job's state
//	GET    /api/jobs/{id}/events  its progress as Server-Sent Events
//	DELETE /api/jobs/{id}         stop it
//
// A state-changing request (POST, PUT, PATCH, DELETE) must come from the
// server's own page (by its Origin or Sec-Fetch-Site header) or from an
// origin of Options.AllowOrigins, and a body must be application/json;
// see Server.Handler. A request without either header (curl, a script)
// is served.
//
// Every error is a 4xx (or, for a failing backend, 5xx) JSON object
// {"error": "..."}; input never causes a 500.
package web
