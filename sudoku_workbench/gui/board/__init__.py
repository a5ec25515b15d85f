"""The board widget: the painted board, its frame, glyph and layer caches, the region painting."""
