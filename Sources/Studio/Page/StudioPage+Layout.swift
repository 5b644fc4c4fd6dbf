extension StudioPage {
  /// The page on a small window (800×600, a laptop's half screen): the header, the screen and
  /// the tools each keep their place, nothing overlaps, and the page itself never scrolls. The
  /// screen is scaled to the window's height (its SVG keeps its viewBox, so clicks still find
  /// their elements); the tools column scrolls on its own, and the script scrolls inside it.
  static let compactCSS = """
    @media (max-height:820px),(max-width:1000px){
    html,body{height:100%;overflow:hidden}
    body{display:flex;flex-direction:column}
    header{flex:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    main{flex:1;min-height:0;box-sizing:border-box;padding:8px;gap:10px}
    #screen{flex:none;height:100%;max-width:50vw;overflow:hidden}
    #screen>svg{display:block;height:100%;width:auto;max-width:100%}
    aside{min-width:0;height:100%;overflow:auto;box-sizing:border-box}
    #panel input{min-width:0;width:100%;box-sizing:border-box}
    #script{max-height:40vh;overflow:auto}
    }
    """
}
