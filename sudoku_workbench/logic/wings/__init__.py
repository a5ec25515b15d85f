"""Wings: XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing, short patterns of few-candidate cells."""
