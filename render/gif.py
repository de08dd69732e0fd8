"""Animated GIFs written one frame at a time, in memory that does not grow with their length.

Pillow's own `save(..., save_all=True, append_images=...)` accepts an iterator, but its GIF
writer keeps every frame until the end (it compares each frame with the one before and
merges repeats), so a long animation needs memory in proportion to its frames. The
`GifWriter` here keeps two frames: each new one is compared with the last, only the box
that changed is encoded (by Pillow's encoder, `GifImagePlugin.getdata`), and a frame
that repeats the last one lengthens its time instead. What grows is only the encoded
file, and the writer refuses to grow it past a byte limit (`TooLarge`).

Every frame is a palette ("P") image on one shared palette (`render.palette`'s fixed
palettes), all of the same width; a frame taller than the ones before grows the canvas
(the first frame is then encoded again, padded, so that it covers the whole canvas).
"""

from __future__ import annotations

import io
import struct

from PIL import GifImagePlugin, Image, ImageChops

#: The GIF's logical screen: width, height, flags (a global table of 256 colours),
#: background index, pixel aspect.
_SCREEN = struct.Struct("<HHBBB")
_GLOBAL_256 = 0x80 | 0x70 | 0x07
#: Loop for ever (the NETSCAPE2.0 application extension, 0 repeats meaning no end).
_LOOP = b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
_TRAILER = b";"
#: How long the header is: signature, screen, 256 colours, loop extension.
HEADER_BYTES = 6 + _SCREEN.size + 768 + len(_LOOP)


class TooLarge(Exception):
    """The animation passed its byte limit at `size` bytes, with `frames` frames encoded."""

    def __init__(self, frames: int, size: int) -> None:
        super().__init__(f"The animation passed its limit at {size} bytes, {frames} frames.")
        self.frames = frames
        self.size = size


class GifWriter:
    """Writes an endlessly looping GIF frame by frame (`add`, then `finish`).

    `background` is the palette index that pads frames shorter than the canvas; `limit`,
    when given, is the most bytes the finished file may have: `add` and `finish` raise
    TooLarge as soon as it is passed.
    """

    def __init__(self, background: int, limit: int | None = None) -> None:
        self.background = background
        self.limit = limit
        self.frames = 0  # encoded so far
        self._first: Image.Image | None = None
        self._first_ms = 0
        self._first_bytes = 0
        self._last: Image.Image | None = None  # the whole last frame, at the canvas size
        self._pending: tuple[Image.Image, tuple[int, int], int] | None = None
        self._body = io.BytesIO()

    @property
    def size(self) -> int:
        """The bytes written so far (the file would have about as many if finished now)."""
        return HEADER_BYTES + self._first_bytes + self._body.tell() + len(_TRAILER)

    def add(self, frame: Image.Image, ms: int) -> None:
        """Show `frame` (a "P" image on the shared palette) next, for `ms` milliseconds."""
        if frame.mode != "P":
            raise ValueError(f"A GIF frame must be a palette image, not {frame.mode!r}.")
        if self._first is None:
            self._first, self._first_ms, self._last = frame, ms, frame
            self._first_bytes = len(self._encode(frame, (0, 0), ms))
            self.frames = 1
            self._check()
            return
        assert self._last is not None
        if frame.width != self._last.width:
            raise ValueError(f"Every frame must be {self._last.width} wide, not {frame.width}.")
        height = max(frame.height, self._last.height)
        previous, frame = self._padded(self._last, height), self._padded(frame, height)
        box = ImageChops.subtract_modulo(frame, previous).getbbox()
        self._last = frame
        if box is None:  # the same picture again: show the one before longer
            if self._pending is None:
                self._first_ms += ms
            else:
                image, offset, before = self._pending
                self._pending = (image, offset, before + ms)
            return
        self._flush()
        self._pending = (frame.crop(box), (box[0], box[1]), ms)

    def finish(self) -> bytes:
        """The finished file (raises TooLarge if it passes the limit)."""
        if self._first is None or self._last is None:
            raise ValueError("An animation needs at least one frame.")
        self._flush()
        width, height = self._last.size
        first = self._encode(self._padded(self._first, height), (0, 0), self._first_ms)
        palette = self._first.getpalette() or []
        colours = bytes(palette[:768]).ljust(768, b"\0")
        screen = _SCREEN.pack(width, height, _GLOBAL_256, self.background, 0)
        data = b"".join([b"GIF89a", screen, colours, _LOOP, first, self._body.getvalue(), _TRAILER])
        if self.limit is not None and len(data) > self.limit:
            raise TooLarge(self.frames, len(data))
        return data

    def _flush(self) -> None:
        """Encode the frame waiting for its final time."""
        if self._pending is not None:
            image, offset, ms = self._pending
            self._body.write(self._encode(image, offset, ms))
            self._pending = None
            self.frames += 1
            self._check()

    def _check(self) -> None:
        if self.limit is not None and self.size > self.limit:
            raise TooLarge(self.frames, self.size)

    def _padded(self, frame: Image.Image, height: int) -> Image.Image:
        """`frame` on a canvas `height` high, the rest in the background colour."""
        if frame.height >= height:
            return frame
        canvas = Image.new("P", (frame.width, height), self.background)
        canvas.putpalette(frame.getpalette() or [])
        canvas.paste(frame, (0, 0))
        return canvas

    @staticmethod
    def _encode(image: Image.Image, offset: tuple[int, int], ms: int) -> bytes:
        """One frame's control block, descriptor and image data: kept in place after
        it is shown (disposal 1), so later frames need only draw what changed."""
        return b"".join(GifImagePlugin.getdata(image, offset, duration=ms, disposal=1))
