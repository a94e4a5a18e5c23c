import ArticleModel

/// Atom person constructs (`<author><name/><email/><uri/></author>`).
extension FeedBuilder {
    func beginPerson(feedLevel: Bool) {
        person = Person()
        personIsFeedLevel = feedLevel
        personDepth = depth
    }

    func startPersonField(_ name: ElementName, _ namespace: XMLNamespace) {
        guard namespace.isAtom || namespace == .none || namespace == atomAliasNamespace else { return }
        switch name {
        case .name: beginCapture(.personName, kind: .text)
        case .email: beginCapture(.personEmail, kind: .text)
        case .uri, .url: beginCapture(.personURI, kind: .text)
        default: break
        }
    }

    func finishPerson() {
        personDepth = nil
        if !person.isEmpty { addAuthor(person, feedLevel: personIsFeedLevel) }
    }
}
