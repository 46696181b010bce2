"""`printgen serve`: the gallery and a page per card on 127.0.0.1, following every save.

- `events`: the server-sent event stream at `/events` that tells open pages what happened;
- `live`: the games as last read without a mistake, each save's mistakes, the build's state;
- `views`: one game's faces drawn for the pages (with their boxes and problems);
- `pages`: what a card's page shows (a piece or part page is another `PiecePage`);
- `images`: face pictures and PDF pages as PNGs, drawn when a page asks for them;
- `builder`: `printgen build` in a process of its own, once more after each save;
- `outfiles`: which file of OUT a request may read (nothing outside OUT);
- `server`: the HTTP server (the standard library's) and its routes.
"""
