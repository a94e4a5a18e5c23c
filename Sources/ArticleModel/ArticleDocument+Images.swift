extension ArticleDocument {
    /// Every image of the document in reading order, however deep it sits.
    public var images: [ArticleImage] {
        var found: [ArticleImage] = []
        var pending: [ArraySlice<ArticleBlock>] = [blocks[...]]
        while var top = pending.popLast() {
            guard let block = top.popFirst() else { continue }
            pending.append(top)
            switch block {
            case .image(let image): found.append(image)
            case .list(_, let items): pending.append(contentsOf: items.reversed().map { $0[...] })
            case .blockquote(let inner): pending.append(inner[...])
            default: break
            }
        }
        return found
    }
}
