/**
 * A 2-second 160×90 VP8 WebM made by Chromium's MediaRecorder (a canvas counting frames), the kind of
 * file a browser records: no duration in its header, so reading it must count its packets. A test
 * fixture (7.5 KB), used by the media tests and the e2e journeys.
 */
export const SAMPLE_WEBM_BASE64 =
  "GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQRChYECGFOAZwH/////////FUmpZpkq17GDD0JATYCGQ2hyb21lV0GGQ2hyb21lFlSua7yuuteBAXPFhz8x4iLFOniDgQFV7oEBhoVWX1ZQOOCdsIGguoFa" +
  "U8CBAVWwkFWxgQFVuYECVbqBDVW7gQEfQ7Z1Af/////////ngQCgQMehQIKBAAAAEAcAnQEqoABaAArHCIWFiJmEiDeCAz2SZro0eb8WeZjzfizvk6J33GaxL7iT6mrp4KGIOPjDuviBas/fQmzzMeXg/txRBivx" +
  "d2I4yUQbLZ3bagq1PZ3cL4Bagb9dpgoodpCbQMK2cQadfSNKR+1LewbNiYug/ewRdNuI/rEgdaG/pr3ugQGluFAFAJ0BKqAAWgAKhwiFhYiZhIg4AgAGKA8IdVSa7iHVUmu4h1VJruIdVSa7iHVUmu4hvAD+664A" +
  "oEDqoUDGgQA0AHEIACsRnAAacEYRXQVoTwH2A4fakELlatJg/QXr137k/g6kA/sAHddlwSWhsQTgTVI3dC02nbLvMdMDVd6AIGkA8m6tK7T+xue/UvFfzLO5rF678+9qtKGvMenyFp8gTMaIv3lKoueWRlgPaQXX" +
  "eW3iL2MxF7GYi9jMRav+6g0W/v17AOCKouLFCIwDepMYktVFNSRYp2usH0i84u9ev84bMgCQnw8aW7cImw9ImLcOYpkGy/zPdUw2POlbCfDxpZ0AdaGbppnugQGllBECACoRwAAYABhYL/QACICBAAAA+4EAoECx" +
  "oUCNgQC2ANEFACkRaAAZwCPQDcBNobnYswQSTgE8QovpxyfJ83QAmcJyTJ9XZ7vcik5/Mzk+ccj+yHj7Dx477xzd4PLbIB4BxyyMxH1hFy+yHhfcYB8a5PIe2J9Brbb624JhwHZJsCY+8EaWrEbJERtkdjxhStNs" +
  "XdD0IcMcfBAbNW4h6KFxyRRMPt38EmJ4daGbppnugQGllBECACoRwAAYABhYL/QACICBAAAA+4E0oECkoUCAgQE+ABEFACkRUAAZ2SDfMJAEBu8WLAMGPk8nHR0BYuQFNyc9c7Koocd9XJ0jiAD+6wOXfOxdvKCE" +
  "l5aB+lbxBeubDvlbcXB1tWb+UhMTWMhg5EFNHE8NoyMp/raTF5FVhABi5QAKcXaTCFwBSRRSLq/XwrXwk/fULQSihGf1vwB1oZumme6BAaWUEQIAKhHAABgAGFgv9AAIgIEAAAD7gbagQI6h6oEBuwBRBAArETAA" +
  "GAAZ7yf0AA0FVVVVVVEOdGaQqqhdbO8qvYqqn/5A/ukbfyXb3GncIA6nxOGgCtUCaZ/wyju23s7Gy08I7JjZunlbCqVJAclpD/XkKC8ipvQE5Vh3dpQSKehbaXJ4NAB1oZumme6BAaWUEQIAKhG4ABgAGFgv9AAI" +
  "gIEAAAD7ggE+oEDYoUCzgQIHADEFACkREAAZwCFYDNxBNFmTcgC8o+nHycnsUmjESeThEJjhhzkF9FdmTk1A/ukbf8v0dwDtdFCPXyBaldzRLg3+UFhZb8Y3iCx0uE6qmOrE779WiJ9ZCJBWvM6nBdqqjYJyyXkB" +
  "d+64b7rwFRcT80P3rAbXff2sSND3znaaKvZ91P/WlG7lqphG+DcLKh3cJOEMeTVIzusKIaE+U08c7fsxZ6k5CRCj31YIjRl2NAB1oZumme6BAaWUEQIAKhGQABgAGFgv9AAIgIEAAAD7ggG7oEFUoUEvgQJ+ALEH" +
  "ACkRAAAexCWaewq3Az6u+aRZ3gdsldnO80h0KP3/mF0RFzK47rwhzOISzHc0OYOKfTc9y1JbvKGH06X1hAD+41rfe/uePf8LxjRdqD9NpZ5XCKHtD/jkx+9uegemipZ1s7sdRNHkcmADRX4FfjhvtWb7n/cs2d2/" +
  "f3aykJ7suON/VRI+J2J/Pgd/hFevHfw/v/3OP6EHmnyWdBhSZfFWOTesbwwx1JpeSKU+5M0BgD6sD7Jn9WpdD5Zl8gpnmZHVpOiTulnJf5vxZOfV7fg8hH27Be60Eo5fxb7JMSxnTmGfJGpPNsX/MYa3zT+hqXIm" +
  "YFo1AhuJ5TVMWsvmdXv7M3d7m11SQr1CkP5r7EMggeRdaY/rpNQJYEAlGBrG3M5fsHx4qtcOG2YAdaGbppnugQGllBECACoRYAAYABhYL/QACICBAAAA+4ICB6BA4KFAvIECwgCRBQApEQAAGGtX6NUEMB5+IANM" +
  "GgNAaAz7IYvgGv1ALjwasSWNaxOs2mcY7CgFAP7lb5aOsRAX+F4xou1Xx1v94UHXxcvs8iajzuDd4/0fbZeUj9Y/yhQAf5tAb/CVKf9ElaIeLMHA3TTVV94vW3DeSwbi4Yxbv59mRFSdSB+zpdqbkEROaVhVmGE6" +
  "oHYZrJNOfyWKUL8zH9URHg0Xa83UDcKDe+icH83p8fvFHyrF7MpTMKq08AAAdaGappjugQGlk/EBACoRhBRgAGFgv9AAIgIEAAD7ggJ+oEDnoUDCgQMIAFEFACcQ8AAYUP4AtLI/sACNiuRXIrkUKxtAOph0qgyW" +
  "n/OHboN0f/8PxQDAAP7n1CQ8SG/xdRpwsYxa5pMgrZ7BUBFMzanLZdKv3Lx4ihwH++T4ezZVfTD/65SFH1GD+4FuEJ0UZU/BRvd0Bv08w99sG6N5nAzEtaBNvoH/WVh62cTMWJa85FsVZPJ+t8jgVa/a8EJwPy++" +
  "cwDL9Cba+Q+0WzNZTHObrmE/SUpE+KtMLBVfWBF0laclgr4CzAB1oZumme6BAaWUEQIAKhFMABgAGFgv9AAIgIEAAAD7ggLCoED0oUDPgQNFANEFACcQ5AAYZv6kls405oHCt184AVeJcS4lxLYIiPSOj+ArLV9V" +
  "fzEOwpM+Vx0RywD+6aAoXL/IXwrhXs06KgTllnMEELig14abAGX7chUEAwAAcAbkupxC4tWCP87QwKzxqrTf7UWusDV+WKluZ/7bZmFASFPOkZ8EXNdRnc1fwOikYEKtKsQkMut+2Y44rxB+xsTQJM9iPPGhoyE4" +
  "X7RYOIkVtoZjJ+A8POLnDuxc2tRL19/GNr6DhpWOy21yznuLl7TTMAKd4KfAdaGbppnugQGllBECACoRIAAYABhYL/QACICBAAAA+4IDCKBBGaFA9IEDigARBgAnENwAGWAOsCnQYMrc0GshjdGAZispimWSeTjx" +
  "IqaBOpSCPCtu8Xby5knNXR+ah5D+6v0H/yn2m2m3NpQ+ZqZSDYfkvtxvH0wxBODwF8/qu8A+giHhB+RhHWgtLaqXMAu/59wP1uOGuLZG9+19Xfzj5ZMY9emB5ybs9KAJH+lh2r9GAkdFTmnDLTWVlADySUtGmU4q" +
  "Pqb5LOXQCnP5RpfNJDTf9tJavXNoDhjJ0fCf9cLnRUaig6eR2doBdo4wFuFB4BkeAZkElUrttkBs1MVNarvnaJv9EkTjiYOuNtvqwhFaosqPAy7vAxbmkgB1oZumme6BAaWUEQIAKhD8ABgAGFgv9AAIgIEAAAD7" +
  "ggNFoEEgoUD7gQPJAFEFACkQ1AAY7AoU6cEYO1+IAT6XQQCAQB6xj+wJzi90nIPIA/J5MSMsBj0dYP7r/K4L69P/MMsndEOlZxINTgPhWgkyRZJJJ4x4PKsf37o9Ybf1olPqt4v24URYt/0v6NoAitOeZnv0/9nm" +
  "D2/+d5JW3GNU24Wjpalrr41lm4LP9Cf+4TytLPZ9xXF5+bs1CK7dzQUYDuqM6HH+cN9kJ5oQfyk3sYoZs87Tg1IzOpI9QaqKx2IlTKjt9+9JNh+XqyVi0NzPtNSEu1dnREZQ3vXnpxWnPeigAbxR1tvEOrI75OQD" +
  "zowXJ4r/odXqNL1F9l7AtQD+gAB1oZumme6BAaWUEQIAKhDgABgAGFgv9AAIgIEAAAD7ggOKoEFQoUEXgQQLAPEFAC0QyAAY3XK4FWBGbMGrboEJ50Y70AriZAOEV67piOAjWGKnMbcQRt4YZnNzZMfQ/uEuFcLs" +
  "Qf/kL2bI8xV9GZ+B+tvuQfjHC1N8kSWL4drae0OIMoEjTAypHfMHHTS+L9frfBRj3dIY/vnNa/hYlLcVe1MrKLedW/+PMETU/hxJ7+Tq50Asn90PzH2evuqVTSf3/Uie5wPSzSbXR+1pjHO7jjneT7awqFRfqd1k" +
  "Y3RDgLxem64krAKgXSrTC7h1enqEhf+Z74vA1o8uhcq2S15/5+IOcS5WOfv4CaAeSFsxJhE5et4MapuTRxLsNS7IZ6P+YH4rzNUzc/I7me66dpUXrRyJtthd8txJHmAJSAAAdaGvpq3ugQGlqLECACoQuAAYb5vy" +
  "V/1eAZc1l5oAIgQWoNDjpbVbl9zOAkEOY61gKAD7ggPJoEFYoUEzgQRNALEFAC0QxAAbdd6v8CxHBPOz3egFkcej0ej0c+HqKxjbm/9XGO18qG1La/H9Ho9GQC+86+EVwX8tIx0xutv1PSj7dv3Q4w+bKWbeRwdV" +
  "M+eFugVOxv87aQ5EjdUBx5xsW7nF/NkmUepQvP0GyVjszrVt8zBucg4ExZ1Pn08RYJdVX6De0QtuqnuI2RTvDXf/5SW/0Ot2/4Ne0+4HmfPuaeOKQ2s/9Mx4p2mv+rdPh//q242AOYMNIodlK3Qy9ZPpx9/+f0Xi" +
  "sCmkPXJ9KqP8qvkU+eCaTRkoSUqlSppVFJOkFwNf+yqzVTSv7I5L+5KqkZ6zOVfktZ2J8N4uGX94Br5YUZoeu2FFtJev+1iwu7QmDn9+f7SEGx8LK651jwgUF3LuQUeGj1fz+ZMosiIAAHWhm6aZ7oEBpZQRAgAq" +
  "EIAAGAAYWC/0AAiAgQAAAPuCBAugQcGhQZyBBI8AEQgALRDEABttutUH9u8xT/ANlmFUA+Zr/ombVsHgJYVHtWC0PiEmwSwj7DCEbCQ6DqDSQTd9wWCyV/ir8BKsb+hToP7hqhf4KCd9kQru88Odbx2HYK2nn1rp" +
  "5T81FmKofb+TrV2QAS26Ya+UlO7W8R+M4CUtKDRX8fxVF1iP5l6L1aa8HfJCUexjKcz/9Xk/d7S6wbxaJG7DqCGCGQ3S3/d4J82Wpjtt5/6nP8iv/maLgy9GsQsq8mbAcoQMct/4gr3c8Es4asyxu2jIfVunCCDf" +
  "xOf86wmaDuxl+mVWDJ/g5ZysrSXt99vo6DXS+ucPbpo4kNjN93SUm3EvzOnD9cLmjfSsSACfto1dkmakxopCp6RHXYgCFLu9aGI5Ls0YU8tlPz0/5gt5zNtZWzeMi3974jHL004jAPp6a7ZQJJHwZHa7FzsWd7Nd" +
  "TsbZF/BWXP/3X+/xPbX3c/+ksN/4jvBNxj8Irsi27H9n8nz7kDtf9/OL/necNJ5+ZyYZF9fgXXowZvxel7xxRnfDpny1C/3TC6QwRQAAdaGbppnugQGllBECACoQfAAYABhYL/QACICBAAAA+4IETaBBYqFBPYEE" +
  "0QCxBQAvENgAGBH0bfycHEGkfD9QAjdWIbrR9tboRu/Bdj+1XLPi3yxT+EzBksT9HqD+69Zn/iNteO6fiIYmiKoNYbfJkO7eEMeU8uMcdX3ZEn+31u9A9jhZbeVVMh3jfHWYA3Wc2JjCsOJ4+vj4Fsics1Qswz/U" +
  "Jj5UVW9yITB5QK+FpKFuAEKFa//6WOtX4N/AX49d7jt28oP9TSb6yrYPXXcokfjfNksO2m+fnHohln/Tx4b4nO8mAmd/3/8F/PSGRMV5jP6uWfRvcLdd2ds/6skQp0ljDZDSNl3Tfg6Ve1tiBVRVCfXyPDrjivvJ" +
  "WpM/1bf9AIUofl7PgbB1h++v1OR71fu6uQKD7RDilnTH8RXYeix8r6vvOnrkcKjYDWJa/rQhrKf89OUZdXJtMXmhmxG4caZApgAAdaGbppnugQGllBECACoQYAAYABhYL/QACICBAAAA+4IEj6BB2KFBs4EFEwAx" +
  "BwAvENwAGx2v8kk729DHxvxswzo4LcAgdCVeh5hu65WyuJcSBRmsw5cwO1b+auwh6YKtl9S2HbLJwAD+73Mi+S23hriHyqj+CqTJOkUwBE7oLCKI1KLgwLdf12v6ql/66/zGZ/5NMNi/+e/8MF+v7jVTdX7HdOMG" +
  "+HX9oQwvi2JL6NTpq9zJfQZOGDdyY2kOa06H7z3i7SGsK+nDyVuOsq4s+0PLl/79KqQAs4nepv8SVJZGnuP+C5smbKJZUKE6HdYG7S0/XrtY/N/tiwl/Jq3h/7bT3rCM8O4vxX1N/8NdRY3/qrvufUAREiWHNlLu" +
  "ZoD6KWFTVc3jhzHnS13BnkWD8y9X5074lYNPLOsQGBe1LKUUbjWc6EWJtYRIYH4L9t7oZcHfzkS75I8/wJswiSD1Z2z3LvUQdsX+evBhuk6Vf/0ud/SWMf/b2PzLktGqnnt6xMibnzWfQKKyWRehffku7FXPr5TN" +
  "lrA3frHlY0LLf6r0lR8ID0G11010tL/vc4AZdaKKCdssRAQbOJ16wVjbhSNlbzBZonumRTOxUslccGNUGB9h7uF8eF4wAHWhm6aZ7oEBpZQRAgAqEEwAGAAYWC/0AAiAgQAAAPuCBNGgQRWhQPCBBVYAUQUALxEI" +
  "ABgMzIE8/ENzkQEmYASs6yAjyHKrIXf8OIpXtM1ytlZbYoWQErNg/uy15/wS/Aex32qqnksc40FXeBPvlhf00PVi4I8i7JADuYysYShTKh/UFSEQ3YRBMfjXy7lsQbwtZptT8E+E6SyQW4tDCNcbChDQ5bM/Y7//" +
  "K2MWuHVO5Jqqb4Ohs20rMpND+hlO/20ZdYEU7X5Lhy0GxrRK7HhUOlckwRV6VwFHrsO63XCyyMGL6Xjzo/N+TfPN4D9D/fP+//yX+c/2xH2F06x+FiUaJuQjjH/z+bMcXHH+xkZl5I5u1Eo5GgB1oZumme6BAaWU" +
  "EQIAKhA4ABgAGFgv9AAIgIEAAAD7ggUToEEvoUELgQWWADEFAC8RCAAZzMAB5czvLAIk9WQErOsdIOP+QwknAlEJxuBKzq8caS+th2SA/uuGE+8A+ig+l3vRlZAlmpdDuP0PHUecPrtwniczRo8ZKd3XKeWVP80B" +
  "rTJbpqNeC3Rjzn/x+P3B/Kz5Uv/pc8KEN5SC9OMLfjCKik9t4X8ARBIuEytOzhEK3y0p/Cc2Tbra3IlPw1tBVFYUgUSYHlTKNmcV48TTQvtK9ILoyWU1Pwgr5UiV7ZGlXFmkHhJWRgEt4FvoFd7LNmppAvQC2QgO" +
  "6DvGzaEGmtugxz9b2F+RYll2GJtc2L/9+m3xl6lncZaJM3bJtefl1jEP1MUBafgUGiwQQx3dhyAAdaGappjugQGlk/EBACoRuBRgAGFgv9AAIgIEAAD7ggVWoEEHoUDigQXcAFEFAC8REAAYB0/4HQlb8wAbuuVs" +
  "riXEgAu0EogVyk/9ew4g3jWIhV+wsCQgoP7pWovpirrHrDX2Fu12No9PvVY7kIAvZTwdL8klo8xjiCxCZAEpOp9dX/n5wjSHm8pAvNWloDKPTZRIRHZnKKjnEPzGvYMMmIvLpkDvo7/0NQQYzM83h3wrdLzLU2mh" +
  "pto5aAUPsGkSvJHHowiRHrex0KRHemDF9HucL2m3GcR1yEveIP+K2wASA6kbXGSeQDxUAM0Cp11kqcwD8ZMWjl3aId34RBCL29D+vhyTy+VgAHWhm6aZ7oEBpZQRAgAqECgAGAAYWC/0AAiAgQAAAPuCBZagQUyh" +
  "QSeBBhsAUQUALxEMABhm/pxnxFzaDgwEVAcgOQHIAMKiqR/BJrBhSIJ46DDcgOQHIDAA/ud5h69zLfl+vb18I9D4tyWO3iXxZrAeBy81j2Ru56xvMjkp1iOFs1Tgkno8Gmyd7rB1a52EaRjIIz/+btf/lYLfUpfh" +
  "r8pwqnX/r5Ev/hue+n+Iz4J7cX1MdRtFXH3Z80lZcIlaK/+k5r+eDYAS/mUuqdpnE3C79/CLVXpPTaayfICt5W/C21k0Toygc3YVxPkLUUkierNupHBKEmtzLDS7v0ZroWJwXL/mHzDU+weRs6x/E8bB5ecw3b6V" +
  "QfszxWWvIb8q5wFDCqw41kni9+Irbn3BciN5k4nNCl9S5C70uFcKjuZMLlWmyPAf0xP4AC9zCPAAdaGbppnugQGllBECACoQHAAYABhYL/QACICBAAAA+4IF3KBBNKFBD4EGYAARBQAtERgAGsisACO9P/AAIqA5" +
  "AcgOQAfBe3GSAfR0o3GeYuUxQ2p10OOg/uLBnt6+Eeh8/TGndOzgnk4IbHMmntm0/G52TWPJSxJZbLsiHz89TaBHUd7EvnJVWnho+XNlCktI647oSSq/64akvRx0W/vZbwkGoHsbw1wN/G8ao3KhQ8AFuIwQpTHy" +
  "a8o1pZj1Q2Hz9/h29MZHmmRysQm+Pmw/hlvSPzBYSuQM6YDHU9kZbkjp6LeAcNWeJSlf2m5bs7QKqOkp+FoEdzyapB7HlLsMKQ1dUg1vappmnhW2fkt17y9EDrOWX+zXZjpUatXeT67jJ7B/JCeeO77GzPdDrOgV" +
  "NAy/nsx9wAB1oZumme6BAaWUEQIAKhAUABgAGFgv9AAIgIEAAAD7ggYboED8oUDXgQafAPEEAC0RIAAYABvlj/QAIm5WKxWKxT0LZs+LK+zfvOcD1HlgKzwokFYYAP7j5N1nfWwYfe+8t5W6CGk5MAf5OEu+T5vM" +
  "PUFUFxln6syNDQOxKZg9Lm4r0WKToWvHz8cEmcqmNp9/TNTX83UiPe/K5S56Qe96F3+/id6X6dl+TolOGdwwjEQSR3Uh8YFC9Gx5cBeFW8VlNoKSwnP72Slx64Swoy6mM74oG8qPrHXvfG26nA9tx5E3CBLfSnch" +
  "5pgDR5c/uJCU3kjvnEPXRKwBA/A4AAB1oZumme6BAaWUEQIAKhANEADAAMLBf6AARAQIAAD7ggZgoEEHoUDigQbhAPEEAC0RHAAZFwAAiCX2w4CIg5EXMrjsRu3zRpFY4+HP/pg84Xqh4OQoAP7k8FviGM7977y3" +
  "lboIadvMOe9LqEfU4Ys8G0muSudWAqkN3+5XSklFym882fPHUTHIDTLCuygvpYJS9jGg2d+t7/hTfq+Yci+QO2G2Q/gOtakewz+8/8jDQPkalaicHo/35Rc6pw28Jc6Yiqsjf4WPxlkxXRRWvQIh7sEp80B1Gs6C" +
  "/1Gol3mxl6RW61s4sJOwiv+mZMEgfVAJocDkZLy/hOLB7OtxAadSy6qJ64AJ4CgAAHWhm6aZ7oEBpZQRAgAqEAkgAMAAwsF/oABEBAgAAPuCBp+gQSyhQQeBByMAEQUALREYABgKpcnpWTuQCXUuJcS4lwEER68f" +
  "iT0BzX2s8oUBcpikHrpiMP7mt6qD+x9j7HrBtXcog7bpgzWFeBKbFr943OhNrdNXGXjzJyasojD927FpNiQ8cEIIP4KAw2+U38DaVP+CBfFn58uv/z7NGuTddvNw8OzEbccMfKVweUI+sRXcXRDgaEKK0MehYNVH" +
  "a7TxkaXEYLLp1jtLtf07pxZk9xu0Who2PvEGeZZJpfSqgTHJp3A6ALuP99QbamumRYcbH408zdrvht+pwj0TgyB/5xxv/vPbb/IvzPTd8K0BDZsd7m5++VqkyePGf893q3sIq6MpQif62gNf0wDAAHWhm6aZ7oEB" +
  "pZQRAgAqEAkgAMAAwsF/oABEBAgAAPuCBuGgQPOhQM6BB2YAUQUALxEgABgNAYoVuTuQC1LyIqyAlY2D0CgtlY6X69lvKapO+tab5L7Hh+wA/ud3W/TGndOzVHmmNBi6mtI4aaggt0i7EXszdiqp1jFeNNtlwMtb" +
  "3tXhSxOMIY/4he4Jouo5QKJUaFAcGpSq7pMoeutstrMqbS38qAPE/rbEsGV8+//3x9PBJ9PWed9Ftmm5RMwzs74OmOitN3uwebKj6eLIHW0j6N0dai+d+hMQXsNPvJM0VCRPfa7YhgiBUfPiZfHXyxTTvA1gAHWh" +
  "m6aZ7oEBpZQRAgAqEAkgAMAAwsF/oABEBAgAAPuCByM=";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The fixture's bytes (decoded here: the domain runs where `atob` is not typed). */
export function sampleWebm(): Uint8Array {
  const text = SAMPLE_WEBM_BASE64.replace(/=+$/, "");
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of text) {
    value = (value << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

/**
 * The fixture made `padBytes` bigger, still a valid WebM: an EBML Void element (which every
 * Matroska reader skips) at the start of the Segment. A file of several upload parts that reads as
 * the same 2-second video (the e2e upload journeys, the probe tests).
 */
export function paddedSampleWebm(padBytes: number): Uint8Array {
  const bytes = sampleWebm();
  let segment = -1;
  for (let index = 0; index < bytes.length - 4 && segment < 0; index++) {
    if (bytes[index] === 0x18 && bytes[index + 1] === 0x53 && bytes[index + 2] === 0x80 && bytes[index + 3] === 0x67) segment = index;
  }
  if (segment < 0) throw new Error("sample-video: no Segment element");
  // Segment ID (4 bytes) and its 8-byte "unknown size": the body starts after them.
  const body = segment + 12;
  const element = new Uint8Array(9 + padBytes);
  element[0] = 0xec;
  element[1] = 0x01;
  let size = padBytes;
  for (let index = 8; index >= 2; index--) {
    element[index] = size % 256;
    size = Math.floor(size / 256);
  }
  const out = new Uint8Array(bytes.length + element.length);
  out.set(bytes.subarray(0, body));
  out.set(element, body);
  out.set(bytes.subarray(body), body + element.length);
  return out;
}
