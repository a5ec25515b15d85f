"""The HCP menu: options dialog, solving and exporting through HCP, the cycle view."""
